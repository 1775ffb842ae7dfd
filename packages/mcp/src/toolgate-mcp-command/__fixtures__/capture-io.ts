import type { CommandIO } from "../main.js";

/** A CommandIO that records what the command writes and serves `files` (an Error: reading fails). */
export function captureIO(files: Record<string, string | Error> = {}) {
  const out = { stdout: "", stderr: "" };
  const io: CommandIO = {
    stdout: (text) => {
      out.stdout += text;
    },
    stderr: (text) => {
      out.stderr += text;
    },
    readFile: async (path) => {
      const file = files[path];
      if (file === undefined) throw Object.assign(new Error("no such file"), { code: "ENOENT" });
      if (file instanceof Error) throw file;
      return file;
    },
  };
  return { io, out };
}
