// A user's project outside the workspace, made from the packed tarballs: the packages are packed
// with `pnpm pack` (what npm would publish), installed with npm into a fresh temporary folder, and
// type-checked there with the workspace's own TypeScript. Shared by the tarball and README tests.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository root. */
export const root = resolve(import.meta.dirname, "..");

/** What the tests read from a package's `package.json`. */
export interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Each workspace package by name: its folder and manifest. */
export const workspacePackages: ReadonlyMap<string, { dir: string; manifest: Manifest }> = (() => {
  const packagesDir = join(root, "packages");
  const found = new Map<string, { dir: string; manifest: Manifest }>();
  for (const dir of readdirSync(packagesDir)) {
    const file = join(packagesDir, dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
    found.set(manifest.name, { dir: join(packagesDir, dir), manifest });
  }
  return found;
})();

/** A package and every toolgate package it depends on, directly or not. */
export function internalClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of Object.keys(workspacePackages.get(name)?.manifest.dependencies ?? {})) {
    if (workspacePackages.has(dep)) internalClosure(dep, seen);
  }
  return seen;
}

/**
 * The version range the workspace's packages ask for an outside package (`typebox`,
 * `@modelcontextprotocol/sdk`), so a user's project gets the same major version as ours.
 */
export function workspaceRange(name: string): string {
  for (const { manifest } of workspacePackages.values()) {
    const range = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    if (range !== undefined && !range.startsWith("workspace:")) return range;
  }
  throw new Error(`no workspace package depends on ${name}`);
}

/** A temporary folder holding packed tarballs and projects; remove it when done. */
export class PackedWorkspace {
  /** The temporary folder. */
  readonly dir = mkdtempSync(join(tmpdir(), "toolgate-packed-"));
  readonly #tarballs = new Map<string, string>();

  /** Packs a workspace package once and returns its tarball's path. */
  pack(name: string): string {
    const cached = this.#tarballs.get(name);
    if (cached) return cached;
    const entry = workspacePackages.get(name);
    if (!entry) throw new Error(`${name} is not a workspace package`);
    const out = join(this.dir, "tarballs");
    const before = new Set(existsSync(out) ? readdirSync(out) : []);
    execFileSync("pnpm", ["pack", "--pack-destination", out], { cwd: entry.dir, stdio: "pipe" });
    const made = readdirSync(out).find((file) => !before.has(file));
    if (!made) throw new Error(`pnpm pack made no tarball for ${name}`);
    const tarball = join(out, made);
    this.#tarballs.set(name, tarball);
    return tarball;
  }

  /**
   * A new ESM project with the given toolgate packages (and the toolgate packages they depend
   * on) installed from their tarballs, plus `outside` packages from the npm registry
   * (name → range). npm needs the registry for the packages' own dependencies too.
   */
  project(toolgate: Iterable<string>, outside: Record<string, string> = {}): string {
    const project = mkdtempSync(join(this.dir, "project-"));
    const closure = new Set<string>();
    for (const name of toolgate) internalClosure(name, closure);
    const dependencies = {
      ...outside,
      ...Object.fromEntries([...closure].map((dep) => [dep, `file:${this.pack(dep)}`])),
    };
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module", dependencies }),
    );
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: project,
      stdio: "pipe",
    });
    return project;
  }

  /** Removes the folder and everything in it. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Compiler options of a user's strict project on Node 20: ESM with `nodenext` resolution, the
 * default libraries of the target, and our `.d.ts` files checked too (`skipLibCheck` off), so a
 * broken declaration fails here.
 */
export const strictProjectOptions = {
  strict: true,
  skipLibCheck: false,
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  typeRoots: [join(root, "node_modules", "@types")],
  types: ["node"],
} as const;

/**
 * Runs the workspace's `tsc` (no extra install) in a project with the given arguments. Returns
 * its output; a type error makes `tsc` exit non-zero, which throws unless `allowErrors`.
 */
export function tsc(project: string, args: readonly string[], allowErrors = false): string {
  try {
    return execFileSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "--pretty", "false", ...args],
      { cwd: project, encoding: "utf8", stdio: "pipe" },
    );
  } catch (error) {
    const output = (error as { stdout?: string }).stdout;
    if (allowErrors && typeof output === "string") return output;
    throw error;
  }
}

/** `tsc` arguments for {@link strictProjectOptions}. */
export function strictProjectArgs(): string[] {
  const o = strictProjectOptions;
  return [
    "--strict",
    "--skipLibCheck",
    String(o.skipLibCheck),
    "--target",
    o.target,
    "--module",
    o.module,
    "--moduleResolution",
    o.moduleResolution,
    "--typeRoots",
    o.typeRoots.join(","),
    "--types",
    o.types.join(","),
  ];
}
