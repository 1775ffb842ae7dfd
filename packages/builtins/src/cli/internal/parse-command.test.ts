import { describe, expect, it } from "vitest";
import { parseCommand } from "./parse-command.js";

function argv(command: string): readonly string[] {
  const parsed = parseCommand(command);
  if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
  return parsed.argv;
}

function reason(command: string): string {
  const parsed = parseCommand(command);
  if (parsed.ok) throw new Error(`accepted as ${JSON.stringify(parsed.argv)}`);
  return parsed.reason;
}

describe("parseCommand", () => {
  it("splits words on spaces and tabs", () => {
    expect(argv("  ls   -la\tsrc ")).toEqual(["ls", "-la", "src"]);
  });

  it("keeps quoted text literal, including shell syntax inside single quotes", () => {
    expect(argv(`grep 'a | b; $(x) \`y\` * ~ #' file`)).toEqual([
      "grep",
      "a | b; $(x) `y` * ~ #",
      "file",
    ]);
    expect(argv(`echo "it's \\"quoted\\" \\$HOME \\\\ done"`)).toEqual([
      "echo",
      `it's "quoted" $HOME \\ done`,
    ]);
    expect(argv(`echo "a\\nb"`)).toEqual(["echo", "a\\nb"]);
  });

  it("joins adjacent quoted and unquoted parts into one word and keeps empty words", () => {
    expect(argv(`echo a'b c'"d" '' ""`)).toEqual(["echo", "ab cd", "", ""]);
  });

  it("treats a backslash outside quotes as an escape of the next character", () => {
    expect(argv("echo a\\ b \\*")).toEqual(["echo", "a b", "*"]);
  });

  it("keeps ~ and # literal in the middle of a word, as a shell would", () => {
    expect(argv("git log HEAD~1 issue#4")).toEqual(["git", "log", "HEAD~1", "issue#4"]);
  });

  it.each([
    ["ls | sh", "|"],
    ["ls; rm -rf /", ";"],
    ["ls && id", "&"],
    ["ls || id", "|"],
    ["sleep 1 &", "&"],
    ["echo x > /etc/passwd", ">"],
    ["cat < /etc/shadow", "<"],
    ["(id)", "("],
    ["echo $HOME", "$"],
    ["echo $" + "{x}", "$"],
    ["echo $(id)", "$"],
    ["echo `id`", "`"],
    ["ls *.ts", "*"],
    ["ls ?.ts", "?"],
    ["ls [ab].ts", "["],
    ["echo {a,b}", "{"],
  ])("refuses shell syntax: %s", (command, char) => {
    expect(reason(command)).toContain(`'${char}'`);
  });

  it("refuses substitutions inside double quotes", () => {
    expect(reason('echo "$HOME"')).toMatch(/double quotes/);
    expect(reason('echo "$(id)"')).toMatch(/double quotes/);
    expect(reason('echo "`id`"')).toMatch(/double quotes/);
  });

  it("refuses ~ and # at the start of a word", () => {
    expect(reason("cat ~/.ssh/id_rsa")).toMatch(/home folder/);
    expect(reason("ls #comment")).toMatch(/comment/);
  });

  it("refuses newlines, NUL and other control characters, quoted or not", () => {
    expect(reason("ls\nid")).toMatch(/newline/);
    expect(reason("ls\r\nid")).toMatch(/newline/);
    expect(reason("echo 'a\nb'")).toMatch(/newline/);
    expect(reason('echo "a\nb"')).toMatch(/newline/);
    expect(reason("echo a\\\nb")).toMatch(/newline/);
    expect(reason("echo a\u0000b")).toMatch(/U\+0000/);
    expect(reason("echo 'a\u0000b'")).toMatch(/U\+0000/);
    expect(reason("echo \u001b[31m")).toMatch(/U\+001b/);
  });

  it("refuses unterminated quotes, a trailing backslash and empty commands", () => {
    expect(reason("echo 'abc")).toMatch(/unterminated single quote/);
    expect(reason('echo "abc')).toMatch(/unterminated double quote/);
    expect(reason("echo abc\\")).toMatch(/trailing backslash/);
    expect(reason("   ")).toMatch(/empty/);
    expect(reason("")).toMatch(/empty/);
  });

  it("stays linear on long adversarial input", () => {
    const long = `echo ${"'a' \"b\" c\\  ".repeat(20_000)}`;
    const words = argv(long);
    expect(words.length).toBe(1 + 20_000 * 3);
    expect(words.slice(1, 4)).toEqual(["a", "b", "c "]);
  });
});
