// "Install only core, add builtins per app, pull in mcp": every package must work from its packed
// tarball in a project outside the workspace. For each package with a test/tarball-smoke.mjs, this
// packs it (and the toolgate packages it depends on), installs the tarballs with npm into a fresh
// temporary project, type-checks test/tarball-smoke.ts there under `strict` when it exists, and runs
// the smoke program against the installed package.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const packagesDir = join(root, "packages");
const work = mkdtempSync(join(tmpdir(), "toolgate-tarballs-"));
const tarballs = new Map<string, string>();

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}
const manifests = new Map<string, { dir: string; manifest: Manifest }>();
for (const dir of readdirSync(packagesDir)) {
  const file = join(packagesDir, dir, "package.json");
  if (!existsSync(file)) continue;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  manifests.set(manifest.name, { dir: join(packagesDir, dir), manifest });
}

function internalClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of Object.keys(manifests.get(name)?.manifest.dependencies ?? {})) {
    if (manifests.has(dep)) internalClosure(dep, seen);
  }
  return seen;
}

function pack(name: string): string {
  const cached = tarballs.get(name);
  if (cached) return cached;
  const { dir } = manifests.get(name)!;
  const out = join(work, "tarballs");
  const before = new Set(existsSync(out) ? readdirSync(out) : []);
  execFileSync("pnpm", ["pack", "--pack-destination", out], { cwd: dir, stdio: "pipe" });
  const made = readdirSync(out).find((file) => !before.has(file));
  if (!made) throw new Error(`pnpm pack made no tarball for ${name}`);
  const tarball = join(out, made);
  tarballs.set(name, tarball);
  return tarball;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

const withSmoke = [...manifests.values()].filter(({ dir }) =>
  existsSync(join(dir, "test", "tarball-smoke.mjs")),
);

describe("packed tarballs", () => {
  it("there is a smoke program for tool-core at least", () => {
    expect(withSmoke.map(({ manifest }) => manifest.name)).toContain("@toolgate/tool-core");
  });

  it.each(withSmoke.map(({ dir, manifest }) => [manifest.name, dir] as const))(
    "%s installs alone from its tarball and works",
    (name, dir) => {
      const project = mkdtempSync(join(work, "project-"));
      const dependencies = Object.fromEntries(
        [...internalClosure(name)].map((dep) => [dep, `file:${pack(dep)}`]),
      );
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: "consumer", private: true, type: "module", dependencies }),
      );
      execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: project,
        stdio: "pipe",
      });
      // Only the package under test and its own toolgate dependencies are installed.
      const installed = readdirSync(join(project, "node_modules", "@toolgate")).map(
        (short) => `@toolgate/${short}`,
      );
      expect(installed.sort()).toEqual([...internalClosure(name)].sort());

      const typed = join(dir, "test", "tarball-smoke.ts");
      if (existsSync(typed)) {
        copyFileSync(typed, join(project, "smoke.ts"));
        execFileSync(
          process.execPath,
          [
            join(root, "node_modules", "typescript", "bin", "tsc"),
            "--noEmit",
            "--strict",
            "--skipLibCheck",
            "false",
            "--target",
            "es2022",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
            "--typeRoots",
            join(root, "node_modules", "@types"),
            "--types",
            "node",
            "smoke.ts",
          ],
          { cwd: project, stdio: "pipe" },
        );
      }

      copyFileSync(join(dir, "test", "tarball-smoke.mjs"), join(project, "smoke.mjs"));
      const output = execFileSync(process.execPath, ["smoke.mjs"], {
        cwd: project,
        encoding: "utf8",
      });
      expect(output).toContain(`${name}: ok`);
    },
    180_000,
  );
});
