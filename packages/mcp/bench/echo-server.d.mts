import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

export declare function echoServer(): Server;
