// The option readers on their own, with small made-up allowlists and denylists (not the real
// programs' tables): how each spelling of an option is read, and which tokens are refused.
import { describe, expect, it } from "vitest";
import {
  checkAllowlist,
  checkDenylist,
  deniedOption,
  type OptionAllowlist,
  type OptionDenylist,
  optionValues,
  readOptions,
} from "./option-scan.js";

// A head/grep-like program: flags -l -a, -n takes a value, long options with and without values.
const spec: OptionAllowlist = {
  flags: "la",
  withValue: "n",
  long: ["color=", "colors", "lines=", "quiet", "query="],
  digits: true,
};

describe("readOptions", () => {
  it.each([
    { args: [], options: [], operands: [] },
    { args: ["file"], options: [], operands: ["file"] },
    { args: ["-"], options: [], operands: ["-"] },
    { args: ["-l", "-a", "x"], options: [{ option: "-l" }, { option: "-a" }], operands: ["x"] },
    { args: ["-la"], options: [{ option: "-l" }, { option: "-a" }], operands: [] },
    { args: ["-n5", "x"], options: [{ option: "-n", value: "5" }], operands: ["x"] },
    { args: ["-n", "5", "x"], options: [{ option: "-n", value: "5" }], operands: ["x"] },
    { args: ["-n", "-l"], options: [{ option: "-n", value: "-l" }], operands: [] },
    { args: ["-n"], options: [{ option: "-n", value: "" }], operands: [] },
    { args: ["-ln", "7"], options: [{ option: "-l" }, { option: "-n", value: "7" }], operands: [] },
    { args: ["-nla"], options: [{ option: "-n", value: "la" }], operands: [] },
    { args: ["-0", "-9", "-05l"], options: [{ option: "-l" }], operands: [] },
    { args: ["--quiet"], options: [{ option: "--quiet" }], operands: [] },
    { args: ["--qui"], options: [{ option: "--quiet" }], operands: [] },
    { args: ["--color"], options: [{ option: "--color", value: "" }], operands: [] },
    { args: ["--colors"], options: [{ option: "--colors" }], operands: [] },
    { args: ["--color=never"], options: [{ option: "--color", value: "never" }], operands: [] },
    { args: ["--color=a=b"], options: [{ option: "--color", value: "a=b" }], operands: [] },
    { args: ["--lin", "3", "f"], options: [{ option: "--lines", value: "3" }], operands: ["f"] },
    {
      args: ["--lines", "--quiet"],
      options: [{ option: "--lines", value: "--quiet" }],
      operands: [],
    },
    { args: ["a", "--", "-x", "--bad"], options: [], operands: ["a", "-x", "--bad"] },
    { args: ["-l", "--", "--"], options: [{ option: "-l" }], operands: ["--"] },
  ])("reads $args", ({ args, options, operands }) => {
    expect(readOptions(args, spec)).toStrictEqual({ ok: true, options, operands });
  });

  it.each([
    { args: ["-x"], option: "-x", reason: "is not in the allowed set" },
    { args: ["-lx"], option: "-x", reason: "is not in the allowed set" },
    { args: ["-l5x"], option: "-x", reason: "is not in the allowed set" },
    { args: ["-/"], option: "-/", reason: "is not in the allowed set" },
    { args: ["-:"], option: "-:", reason: "is not in the allowed set" },
    { args: ["ok", "--nope"], option: "--nope", reason: "is not in the allowed set" },
    { args: ["--nope=1"], option: "--nope", reason: "is not in the allowed set" },
    { args: ["--quietly"], option: "--quietly", reason: "is not in the allowed set" },
    { args: ["--col"], option: "--col", reason: "is ambiguous" },
    { args: ["--qu"], option: "--qu", reason: "is ambiguous" },
  ])("refuses $args", ({ args, option, reason }) => {
    expect(readOptions(args, spec)).toStrictEqual({ ok: false, option, reason });
  });

  it("reads digits as letters when the program has no -5 options", () => {
    const noDigits = { flags: "l", long: [] };
    expect(readOptions(["-5"], noDigits)).toStrictEqual({
      ok: false,
      option: "-5",
      reason: "is not in the allowed set",
    });
    expect(readOptions(["-l0"], noDigits)).toMatchObject({ ok: false, option: "-0" });
  });

  it("refuses a value-taking letter when the program has none", () => {
    expect(readOptions(["-n5"], { flags: "l", long: [] })).toMatchObject({
      ok: false,
      option: "-n",
    });
  });

  describe("exactLong (curl)", () => {
    const curl: OptionAllowlist = { flags: "s", long: ["silent", "data=", "data-raw="] };
    const exact = { ...curl, exactLong: true };

    it.each([
      { args: ["--silent"], options: [{ option: "--silent" }] },
      { args: ["--data", "x"], options: [{ option: "--data", value: "x" }] },
      { args: ["--data-raw", "y"], options: [{ option: "--data-raw", value: "y" }] },
    ])("reads $args spelled in full", ({ args, options }) => {
      expect(readOptions(args, exact)).toStrictEqual({ ok: true, options, operands: [] });
    });

    it.each([
      { args: ["--sil"], option: "--sil", reason: "is not in the allowed set" },
      { args: ["--data-r", "y"], option: "--data-r", reason: "is not in the allowed set" },
      { args: ["--silent=yes"], option: "--silent=yes", reason: "is not read as --name=value" },
      { args: ["--data=x"], option: "--data=x", reason: "is not read as --name=value" },
      { args: ["--nope=x"], option: "--nope=x", reason: "is not read as --name=value" },
    ])("refuses $args", ({ args, option, reason }) => {
      expect(readOptions(args, exact)).toStrictEqual({ ok: false, option, reason });
    });

    it("prefers the exact name over a longer one it is a prefix of, without exactLong too", () => {
      expect(readOptions(["--data", "x"], curl)).toStrictEqual({
        ok: true,
        options: [{ option: "--data", value: "x" }],
        operands: [],
      });
      expect(readOptions(["--data=x"], curl)).toMatchObject({ ok: true });
      expect(readOptions(["--dat", "x"], curl)).toMatchObject({
        ok: false,
        reason: "is ambiguous",
      });
    });
  });
});

describe("checkAllowlist", () => {
  it("says nothing about allowed arguments", () => {
    expect(checkAllowlist("head", ["-n5", "--quiet", "f"], spec)).toBeUndefined();
  });

  it("names the program, the option, the reason and, for a long option, the allowed set", () => {
    const allowed = "(allowed: --color --colors --lines --quiet --query)";
    expect(checkAllowlist("head", ["--nope"], spec)).toBe(
      `head: option --nope is not in the allowed set ${allowed}`,
    );
    expect(checkAllowlist("head", ["--qu"], spec)).toBe(
      `head: option --qu is ambiguous ${allowed}`,
    );
    expect(checkAllowlist("head", ["-lz"], spec)).toBe("head: option -z is not in the allowed set");
    expect(checkAllowlist("curl", ["--x=1"], { flags: "", long: ["x="], exactLong: true })).toBe(
      "curl: option --x=1 is not read as --name=value (allowed: --x)",
    );
  });
});

// A git-like denylist: --upload-pack and --exec are dangerous, --ext-diff is a real safe option
// that is a prefix of nothing dangerous, --text is real and a prefix of --textconv.
const deny: OptionDenylist = {
  long: ["upload-pack", "exec", "textconv"],
  short: "uI",
  withValue: "tO",
  safeExact: ["text"],
};

describe("deniedOption", () => {
  const refused = (name: string, hit?: string) =>
    `git: option --${name}${hit === undefined ? "" : ` (an abbreviation of --${hit})`} is refused: it can run programs or write files`;

  it.each([
    ["--upload-pack", refused("upload-pack")],
    ["--upload-pack=evil", refused("upload-pack")],
    ["--upload-pa=evil", refused("upload-pa", "upload-pack")],
    ["--u", refused("u", "upload-pack")],
    ["--exec=sh", refused("exec")],
    ["--e", refused("e", "exec")],
    ["--textconv", refused("textconv")],
    ["--textc", refused("textc", "textconv")],
    ["--tex", refused("tex", "textconv")],
    ["-u", "git: option -u is refused: it can run programs or write files"],
    ["-xvIgzip", "git: option -I is refused: it can run programs or write files"],
    ["-Iu", "git: option -I is refused: it can run programs or write files"],
    ["-vu", "git: option -u is refused: it can run programs or write files"],
    ["-It", "git: option -I is refused: it can run programs or write files"],
  ])("refuses %j", (token, reason) => {
    expect(deniedOption("git", token, deny)).toBe(reason);
  });

  it.each([
    "--text",
    "--text=x",
    "--execute",
    "--upload-packs",
    "--other=--exec",
    "--",
    "-",
    "-v",
    "-tI",
    "-Ou",
    "-vtIu",
    "u",
    "exec",
    "",
  ])("allows %j", (token) => {
    expect(deniedOption("git", token, deny)).toBeUndefined();
  });

  it("checks short options only when the denylist names some", () => {
    expect(deniedOption("git", "-u", { long: ["exec"] })).toBeUndefined();
    expect(deniedOption("git", "--ex", { long: ["exec"] })).toBe(refused("ex", "exec"));
  });

  it("reads every letter of a cluster as a flag when no option takes a value", () => {
    expect(deniedOption("git", "-tI", { long: [], short: "I" })).toBe(
      "git: option -I is refused: it can run programs or write files",
    );
  });

  it("does not read the token `--` as a cluster of dashes", () => {
    expect(deniedOption("git", "--", { long: [], short: "-" })).toBeUndefined();
    expect(deniedOption("git", "---", { long: [], short: "-" })).toBeUndefined();
  });
});

describe("checkDenylist", () => {
  it("returns the first refusal, also after `--`", () => {
    expect(checkDenylist("git", ["log", "--", "--exec=sh", "-u"], deny)).toBe(
      "git: option --exec is refused: it can run programs or write files",
    );
    expect(checkDenylist("git", ["-v", "-u", "--exec"], deny)).toBe(
      "git: option -u is refused: it can run programs or write files",
    );
  });

  it("allows argument lists without a dangerous option", () => {
    expect(checkDenylist("git", [], deny)).toBeUndefined();
    expect(checkDenylist("git", ["log", "--text", "-tI", "--", "x"], deny)).toBeUndefined();
  });
});

describe("optionValues", () => {
  // curl-like: -d and -H carry the values of interest, -o also takes a value.
  const values = (args: string[]) => [...optionValues(args, "dH", ["data", "data-raw"], "dHo")];

  it("reads a long name spelled in full as itself, before any longer name it is a prefix of", () => {
    const found = (args: string[]) => [...optionValues(args, "", ["data-raw", "data"], "")];
    expect(found(["--data", "v"])).toStrictEqual([["--data", "v"]]);
    expect(found(["--data=v"])).toStrictEqual([["--data", "v"]]);
    expect(found(["--data-raw", "v"])).toStrictEqual([["--data-raw", "v"]]);
    expect(found(["--dat", "v"])).toStrictEqual([["--data-raw", "v"]]);
  });

  it.each([
    { args: ["-d", "v"], found: [["-d", "v"]] },
    { args: ["-dv"], found: [["-d", "v"]] },
    { args: ["-xd", "v"], found: [["-d", "v"]] },
    {
      args: ["-xdv", "-Hw"],
      found: [
        ["-d", "v"],
        ["-H", "w"],
      ],
    },
    {
      args: ["-dv", "-dw"],
      found: [
        ["-d", "v"],
        ["-d", "w"],
      ],
    },
    { args: ["-d", "-dw"], found: [["-d", "-dw"]] },
    { args: ["-dHv"], found: [["-d", "Hv"]] },
    { args: ["-d"], found: [["-d", ""]] },
    { args: ["--data", "v"], found: [["--data", "v"]] },
    { args: ["--data=v"], found: [["--data", "v"]] },
    { args: ["--data="], found: [["--data", ""]] },
    { args: ["--data=a=b"], found: [["--data", "a=b"]] },
    { args: ["--data"], found: [["--data", ""]] },
    { args: ["--data", "--data", "x"], found: [["--data", "--data"]] },
    {
      args: ["--data=a", "-db"],
      found: [
        ["--data", "a"],
        ["-d", "b"],
      ],
    },
    { args: ["--data-r", "v"], found: [["--data-raw", "v"]] },
    { args: ["--data-raw=v"], found: [["--data-raw", "v"]] },
    { args: ["--dat", "v"], found: [["--data", "v"]] },
    { args: ["--other", "-dv"], found: [["-d", "v"]] },
    { args: ["-o", "-dv"], found: [] },
    { args: ["-o-dv"], found: [] },
    { args: ["-ov", "-dw"], found: [["-d", "w"]] },
    { args: ["-xo", "-dv", "-Hw"], found: [["-H", "w"]] },
    { args: ["--", "-dv"], found: [["-d", "v"]] },
    { args: ["--", "x"], found: [] },
    { args: ["-", "-dv"], found: [["-d", "v"]] },
    { args: ["d", "data", "-x"], found: [] },
  ])("finds $found in $args", ({ args, found }) => {
    expect(values(args)).toStrictEqual(found);
  });
});
