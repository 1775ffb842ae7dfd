// What a child process needs to find programs and run; API keys and tokens stay behind. Windows
// programs also need their system folders and temp paths.
const POSIX_ENV = ["PATH", "HOME", "LANG"];
const WINDOWS_ENV = [
  ...POSIX_ENV,
  "SystemRoot",
  "ComSpec",
  "PATHEXT",
  "TEMP",
  "TMP",
  "USERPROFILE",
];

/**
 * The environment for a child process (a CLI command, an MCP server): `PATH`, `HOME` and `LANG`
 * (on Windows also `SystemRoot`, `ComSpec`, `PATHEXT`, `TEMP`, `TMP`, `USERPROFILE`) copied from
 * this process where set, then `extra` on top. Nothing secret is passed on unless `extra` has it.
 */
export function minimalEnv(extra?: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of process.platform === "win32" ? WINDOWS_ENV : POSIX_ENV) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...extra };
}
