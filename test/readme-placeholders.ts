// Stand-ins for the things a README example leaves to the reader (a database, a token, a way to
// ask the user). A code block names the ones it uses in a `<!-- declare: db, askTheUser -->`
// comment; the README test copies this file into the user's project as `placeholders.ts` and
// imports those names into the block. They run offline and do nothing real.
import { type ConfirmationRequest, ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

/** An order as the placeholder database holds it. */
export interface Order {
  id: string;
  status: string;
}

/** Your database: one order, id "42". */
export const db = {
  orders: {
    async find(id: string, _options: { signal: AbortSignal }): Promise<Order | undefined> {
      return id === "42" ? { id, status: "shipped" } : undefined;
    },
  },
};

/** Your GitHub token. */
export const token = "github-token-placeholder";

/** Your UI asking the user to approve a call: here, always yes. */
export async function askTheUser(_request: ConfirmationRequest): Promise<boolean> {
  return true;
}

/** Your registry, with one read-only tool. */
export const registry = new ToolRegistry();
registry.register(
  tool({
    name: "ping",
    description: "Answers pong",
    hints: { readOnly: true, openWorld: false },
    execute: () => "pong",
  }),
);

/** Pins you saved earlier (`MCPClient.fingerprints()`). */
export const pins: Record<string, string> = {};

/**
 * Your implementation of the MCP SDK's `OAuthClientProvider` (token storage, redirects). Typed
 * where it is used (`authProvider`), so a change to the SDK's interface fails the README test.
 */
export const oauthProvider = {
  redirectUrl: "http://127.0.0.1:8080/callback",
  clientMetadata: { redirect_uris: ["http://127.0.0.1:8080/callback"] },
  clientInformation: () => undefined,
  tokens: () => undefined,
  saveTokens: () => {},
  redirectToAuthorization: () => {},
  saveCodeVerifier: () => {},
  codeVerifier: () => "",
};
