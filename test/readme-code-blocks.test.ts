import { describe, expect, it } from "vitest";
import { readmeCodeBlocks } from "./readme-code-blocks.js";

describe("readmeCodeBlocks", () => {
  it.each([
    {
      case: "a ts block with its fence's line",
      markdown: "# T\n\n```ts\nconst a = 1;\n```\n",
      blocks: [{ line: 3, language: "ts", flags: [], declares: [], code: "const a = 1;" }],
    },
    {
      case: "flags after the language",
      markdown: "```ts no-run\nx;\n```",
      blocks: [{ line: 1, language: "ts", flags: ["no-run"], declares: [], code: "x;" }],
    },
    {
      case: "a declare comment on the line before the fence",
      markdown: "<!-- declare: db, askTheUser -->\n```ts\ndb;\n```",
      blocks: [{ line: 2, language: "ts", flags: [], declares: ["db", "askTheUser"], code: "db;" }],
    },
    {
      case: "a declare comment separated by a blank line does not count",
      markdown: "<!-- declare: db -->\n\n```ts\ndb;\n```",
      blocks: [{ line: 3, language: "ts", flags: [], declares: [], code: "db;" }],
    },
    {
      case: "an indented fence in a list, its indentation removed",
      markdown: "- item:\n\n  ```ts\n  const a = {\n    b: 1,\n  };\n  ```\n",
      blocks: [
        { line: 3, language: "ts", flags: [], declares: [], code: "const a = {\n  b: 1,\n};" },
      ],
    },
    {
      case: "tildes, a longer closing fence, and backticks inside",
      markdown: "~~~sh\necho ```\n~~~~\n",
      blocks: [{ line: 1, language: "sh", flags: [], declares: [], code: "echo ```" }],
    },
    {
      case: "a bare fence has no language",
      markdown: "```\ntext\n```",
      blocks: [{ line: 1, language: "", flags: [], declares: [], code: "text" }],
    },
    {
      case: "a fence inside a longer fence is content",
      markdown: "````md\n```ts\nx\n```\n````\n```json\n{}\n```",
      blocks: [
        { line: 1, language: "md", flags: [], declares: [], code: "```ts\nx\n```" },
        { line: 6, language: "json", flags: [], declares: [], code: "{}" },
      ],
    },
  ])("reads $case", ({ markdown, blocks }) => {
    expect(readmeCodeBlocks(markdown)).toEqual(blocks);
  });

  it.each([
    [
      "an unclosed fence",
      "text\n```ts\nconst a = 1;\n",
      /line 2: the code fence ``` is never closed/,
    ],
    [
      "a declare of a non-name",
      "<!-- declare: db, a-b -->\n```ts\n```",
      /line 1: "a-b" .* not a name/,
    ],
  ])("refuses %s, naming the line", (_case, markdown, message) => {
    expect(() => readmeCodeBlocks(markdown)).toThrow(message);
  });
});
