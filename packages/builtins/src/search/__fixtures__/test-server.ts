import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query string. */
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1, a free port, that records every request. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with `body` as JSON and the given status. */
export function json(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

/** Answers with raw text. */
export function text(status: number, body: string, contentType = "text/html"): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": contentType });
    response.end(body);
  };
}

/** Never answers (until the server closes). */
export const hang: Handler = () => {};

/** Sends headers and the start of a JSON body, then stalls. */
export const stallBody: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.write('{"results": [');
};

/** Streams `bytes` bytes of a JSON string without a content-length header. */
export function huge(bytes: number): Handler {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"padding":"');
    const chunk = "x".repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!response.write(chunk)) {
          response.once("drain", pump);
          return;
        }
      }
      response.end('"}');
    };
    response.on("error", () => {});
    pump();
  };
}

/** Tavily-shaped success body. */
export function tavilyBody(count: number, answer?: string) {
  return {
    query: "q",
    ...(answer && { answer }),
    results: Array.from({ length: count }, (_, i) => ({
      title: `Tavily result ${i + 1}`,
      url: `https://tavily.example/${i + 1}`,
      content: `Tavily snippet ${i + 1}`,
      score: 0.9,
    })),
    response_time: 0.5,
  };
}

/** DuckDuckGo Instant Answer-shaped body with an abstract, a topic and a group of topics. */
export function duckDuckGoBody() {
  return {
    Heading: "Node.js",
    AbstractText: "Node.js is a JavaScript runtime.",
    AbstractURL: "https://en.wikipedia.org/wiki/Node.js",
    AbstractSource: "Wikipedia",
    Answer: "",
    Results: [],
    RelatedTopics: [
      {
        FirstURL: "https://duckduckgo.com/Deno_(software)",
        Result: '<a href="https://duckduckgo.com/Deno_(software)">Deno (software)</a>A runtime.',
        Text: "Deno (software) A runtime.",
        Icon: { URL: "", Height: "", Width: "" },
      },
      {
        Name: "Software",
        Topics: [
          {
            FirstURL: "https://duckduckgo.com/V8_(JavaScript_engine)",
            Result: "",
            Text: "V8 A JavaScript engine.",
          },
        ],
      },
    ],
    Type: "A",
  };
}

/** Brave-shaped success body. */
export function braveBody(count: number) {
  return {
    type: "search",
    web: {
      type: "search",
      results: Array.from({ length: count }, (_, i) => ({
        title: `Brave result ${i + 1}`,
        url: `https://brave.example/${i + 1}`,
        description: `Brave <strong>snippet</strong> ${i + 1} &amp; more`,
      })),
    },
  };
}

/** SerpAPI-shaped success body. */
export function serpApiBody(count: number, answer?: string) {
  return {
    search_metadata: { status: "Success" },
    ...(answer && { answer_box: { type: "organic_result", answer } }),
    organic_results: Array.from({ length: count }, (_, i) => ({
      position: i + 1,
      title: `SerpAPI result ${i + 1}`,
      link: `https://serpapi.example/${i + 1}`,
      snippet: `SerpAPI snippet ${i + 1}`,
    })),
  };
}
