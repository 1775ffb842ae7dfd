import { describe, expect, it } from "vitest";
import { cleanLine, htmlToText } from "./text.js";

const clean = (value: string) => cleanLine(value, [], 10_000);

describe("search text: markup becomes plain text", () => {
  const tags: [string, string, string][] = [
    ["script content", "<script>alert(1)</script>Safe", "Safe"],
    [
      "script with a closing tag inside a string",
      '<SCRIPT type="x">var a="</div>";</SCRIPT >after',
      "after",
    ],
    ["an unclosed script", "Before<script>alert(document.cookie)", "Before"],
    ["style content", "<style>.x{color:red}</style>Styled", "Styled"],
    [
      "noscript, iframe and template content",
      "<noscript><img src=x></noscript>a<iframe>b</iframe>c<template><b>d</b></template>e",
      "ace",
    ],
    ["an img with onerror", "<img src=x onerror=alert(1)>Pic", "Pic"],
    ["quoted > inside attributes", '<img alt="a > b" onerror=\'alert(">")\'>Quoted', "Quoted"],
    ["a javascript: link", '<a href="javascript:alert(1)">click</a> here', "click here"],
    ["a tag inside an attribute value", "<a href='https://evil.example/?q=<b>'>link</a>", "link"],
    [
      "inline emphasis inside a word",
      "con<b>tent</b> <STRONG>bold</STRONG> <em>it</em>",
      "content bold it",
    ],
    ["block elements between words", "<p>one</p><p>two</p><div>three</div>", "one two three"],
    ["line breaks", "line<br>break<br/>here", "line break here"],
    ["svg with onload", "<svg onload=alert(1)><circle/></svg>Shape", "Shape"],
    ["a comment hiding a script", "before<!-- <script>x</script> -->after", "beforeafter"],
    ["an empty comment", "a<!-->b<!--->c", "abc"],
    ["a comment closed by --!>", "a<!-- x --!>b", "ab"],
    ["an unclosed comment", "kept<!-- the rest", "kept"],
    ["CDATA", "x<![CDATA[<b>hidden</b>]]>z", "xz"],
    ["a doctype and a processing instruction", '<!DOCTYPE html><?xml version="1.0"?>Doc', "Doc"],
    ["an unclosed tag at the end", 'Text <a href="https://x.example/', "Text"],
    ["an unclosed tag name at the end", "Text <div", "Text"],
    ["a tag name hidden by zero-width characters", "<scr\u200bipt>alert(1)</script>ok", "ok"],
    ["a < that starts no tag", "a < b, c<3, x << y, 1 <2", "a < b, c<3, x << y, 1 <2"],
    ["a </ that starts no tag", "</ not a tag", "</ not a tag"],
  ];
  it.each(tags)("removes %s", (_kind, html, text) => {
    expect(clean(html)).toBe(text);
  });

  const entities: [string, string, string][] = [
    ["&amp;", "Tom &amp; Jerry", "Tom & Jerry"],
    [
      "named entities of the full HTML5 set",
      "&hearts;&frac12;&Omega;&check;&hellip;&rarr;&eacute;",
      "♥½Ω✓…→é",
    ],
    ["decimal and hex references", "&#65;&#x42;&#X43;&#0000068;", "ABCD"],
    ["a NUL reference", "a&#0;b", "a\ufffdb"],
    ["a surrogate reference", "a&#xD800;b", "a\ufffdb"],
    ["references past U+10FFFF", "a&#x110000;b&#99999999999;c", "a\ufffdb\ufffdc"],
    ["a C1 reference (windows-1252, as browsers do)", "&#128;5", "€5"],
    ["legacy names without a semicolon", "&copy 2024", "© 2024"],
    ["non-breaking spaces", "a&nbsp;&nbsp;b&#160;c", "a b c"],
    ["references to invisible characters", "a&#x200B;b&#8238;c&zwj;d&#x1b;[31me", "abcde"],
    [
      "escaped markup, which stays text",
      "&lt;script&gt;alert(1)&lt;/script&gt;",
      "<script>alert(1)</script>",
    ],
    [
      "escaped markup next to real markup",
      "<b>&lt;img src=x onerror=alert(1)&gt;</b>",
      "<img src=x onerror=alert(1)>",
    ],
    ["double escaping, decoded once", "&amp;lt;b&amp;gt;", "&lt;b&gt;"],
  ];
  it.each(entities)("decodes %s", (_kind, html, text) => {
    expect(clean(html)).toBe(text);
  });

  it("collapses whitespace, newlines included", () => {
    expect(clean("  a\n\n\tb \r\n c  ")).toBe("a b c");
  });

  it("removes secrets spelled with entities or hidden in tags", () => {
    const secret = "sk-SECRET-123";
    const html = `key &#115;k-SECRET-123 <a href="https://x.example/?k=${secret}">link</a>`;
    expect(cleanLine(html, [secret], 1000)).toBe("key [redacted] link");
  });

  it("keeps the model's own text as written when asked", () => {
    expect(cleanLine("what is <div> &amp; <span>?", [], 100, { html: false })).toBe(
      "what is <div> &amp; <span>?",
    );
  });

  it("is linear on hostile nesting and unclosed markup", () => {
    // Each of these would be quadratic if every "<" rescanned the rest of the text.
    const inputs = [
      "<a ".repeat(50_000),
      "<!--".repeat(50_000),
      "<!--a-->".repeat(50_000),
      '<a b="'.repeat(50_000),
      "<script>".repeat(50_000),
      "<".repeat(200_000),
    ];
    for (const input of inputs) expect(typeof htmlToText(input)).toBe("string");
  });
});
