// "Install only core, add builtins per app, pull in mcp": every package must work from its packed
// tarball in a project outside the workspace. For each package with a test/tarball-smoke.mjs, this
// packs it (and the toolgate packages it depends on), installs the tarballs with npm into a fresh
// temporary project, type-checks test/tarball-smoke.ts there under `strict` when it exists, and runs
// the smoke program against the installed package.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  internalClosure,
  PackedWorkspace,
  strictProjectArgs,
  tsc,
  workspacePackages,
  workspaceRange,
} from "./packed-project.js";

const workspace = new PackedWorkspace();
afterAll(() => workspace.remove());

const withSmoke = [...workspacePackages.values()].filter(({ dir }) =>
  existsSync(join(dir, "test", "tarball-smoke.mjs")),
);

describe("packed tarballs", () => {
  it("there is a smoke program for tool-core at least", () => {
    expect(withSmoke.map(({ manifest }) => manifest.name)).toContain("@toolgate/tool-core");
  });

  it.each(withSmoke.map(({ dir, manifest }) => [manifest.name, dir] as const))(
    "%s installs alone from its tarball and works",
    (name, dir) => {
      // The peers of the package and of the toolgate packages it pulls in are installed beside
      // it, optional ones (tool-core's typebox) too: the smoke programs use them.
      const peers = Object.assign(
        {},
        ...[...internalClosure(name)].map(
          (dep) => workspacePackages.get(dep)?.manifest.peerDependencies,
        ),
      );
      const project = workspace.project([name], peers);
      // Only the package under test and its own toolgate dependencies are installed.
      const installed = readdirSync(join(project, "node_modules", "@toolgate")).map(
        (short) => `@toolgate/${short}`,
      );
      expect(installed.sort()).toEqual([...internalClosure(name)].sort());

      const typed = join(dir, "test", "tarball-smoke.ts");
      if (existsSync(typed)) {
        copyFileSync(typed, join(project, "smoke.ts"));
        tsc(project, ["--noEmit", ...strictProjectArgs(), "smoke.ts"]);
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

  it("@toolgate/tool-core works with zod in a project without typebox", () => {
    const dir = workspacePackages.get("@toolgate/tool-core")!.dir;
    // typebox is an optional peer: npm does not install it, and nothing here asks for it.
    const project = workspace.project(["@toolgate/tool-core"], { zod: workspaceRange("zod") });
    expect(existsSync(join(project, "node_modules", "typebox"))).toBe(false);
    expect(existsSync(join(project, "node_modules", "zod"))).toBe(true);

    copyFileSync(join(dir, "test", "zod-only-smoke.ts"), join(project, "smoke.ts"));
    tsc(project, ["--noEmit", ...strictProjectArgs(), "smoke.ts"]);

    copyFileSync(join(dir, "test", "zod-only-smoke.mjs"), join(project, "smoke.mjs"));
    const output = execFileSync(process.execPath, ["smoke.mjs"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(output).toContain("@toolgate/tool-core with zod: ok");
  }, 180_000);
});
