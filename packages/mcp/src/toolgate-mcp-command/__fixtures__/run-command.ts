// Runs toolgate-mcp from source, like bin/toolgate-mcp.js runs it from dist. Tests start it with
// `tsx --conditions=@toolgate/source`.
import { main } from "../main.js";

process.exitCode = await main(process.argv.slice(2));
