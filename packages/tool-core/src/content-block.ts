/** Content blocks shaped like MCP's (`text`, `image`, `audio`, `resource_link`, `resource`). */
export type ContentBlock =
  | TextContentBlock
  | ImageContentBlock
  | AudioContentBlock
  | ResourceLinkContentBlock
  | EmbeddedResourceContentBlock;

export interface TextContentBlock {
  readonly type: "text";
  readonly text: string;
}
export interface ImageContentBlock {
  readonly type: "image";
  /** Base64-encoded bytes. */
  readonly data: string;
  readonly mimeType: string;
}
export interface AudioContentBlock {
  readonly type: "audio";
  /** Base64-encoded bytes. */
  readonly data: string;
  readonly mimeType: string;
}
export interface ResourceLinkContentBlock {
  readonly type: "resource_link";
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly size?: number;
}
export interface EmbeddedResourceContentBlock {
  readonly type: "resource";
  readonly resource:
    | { readonly uri: string; readonly mimeType?: string; readonly text: string }
    | { readonly uri: string; readonly mimeType?: string; readonly blob: string };
}
