// typebox is an optional peer: a zod user does not install it, yet tool-core's declarations must
// type-check in their project (strict, skipLibCheck off). There `import("typebox")` does not
// resolve: the error is ignored by a `@ts-ignore` in a doc comment (kept in the emitted .d.ts,
// unlike a line comment; `@ts-expect-error` would fail where typebox is installed), and the type
// is an error type that acts as `any`, so `TypeBoxObject` must become `never` there: tool()'s
// TypeBox overload then matches nothing, and a mistyped zod tool is an error, not `Tool<any>`.

// biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error fails where typebox is installed
/** @ts-ignore TypeBox's object schema type; an error type where typebox is not installed. */
type MaybeTObject = import("typebox").TObject;

// A conditional on the error type itself is `any`, but its keys are any's (every string), while
// TObject's keys are a few names.
type TypeBoxMissing = string extends keyof MaybeTObject ? true : false;

/** A TypeBox object schema, or `never` where typebox is not installed. */
export type TypeBoxObject = TypeBoxMissing extends true ? never : MaybeTObject;
