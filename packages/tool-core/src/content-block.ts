/** Content blocks shaped like MCP's (`text`, `image`, `audio`, `resource_link`, `resource`). */
export type ContentBlock =
  | TextContentBlock
  | ImageContentBlock
  | AudioContentBlock
  | ResourceLinkContentBlock
  | EmbeddedResourceContentBlock;

/** Plain text. */
export interface TextContentBlock {
  /** Marks a text block. */
  readonly type: "text";
  /** The text. */
  readonly text: string;
}
/** An image, inline. */
export interface ImageContentBlock {
  /** Marks an image block. */
  readonly type: "image";
  /** Base64-encoded bytes. */
  readonly data: string;
  /** The image's media type, such as `image/png`. */
  readonly mimeType: string;
}
/** An audio clip, inline. */
export interface AudioContentBlock {
  /** Marks an audio block. */
  readonly type: "audio";
  /** Base64-encoded bytes. */
  readonly data: string;
  /** The audio's media type, such as `audio/wav`. */
  readonly mimeType: string;
}
/** A link to a resource the client can fetch; its contents are not included. */
export interface ResourceLinkContentBlock {
  /** Marks a resource link. */
  readonly type: "resource_link";
  /** Where the resource is. */
  readonly uri: string;
  /** The resource's name (an identifier). */
  readonly name: string;
  /** A human-readable title. */
  readonly title?: string;
  /** What the resource is. */
  readonly description?: string;
  /** The resource's media type. */
  readonly mimeType?: string;
  /** The resource's size in bytes. */
  readonly size?: number;
}
/** A resource with its contents included, as text or as base64 bytes. */
export interface EmbeddedResourceContentBlock {
  /** Marks an embedded resource. */
  readonly type: "resource";
  /** The resource: its URI and media type, with either `text` or base64 `blob` contents. */
  readonly resource:
    | {
        /** Where the resource came from. */
        readonly uri: string;
        /** The contents' media type. */
        readonly mimeType?: string;
        /** The contents as text. */
        readonly text: string;
      }
    | {
        /** Where the resource came from. */
        readonly uri: string;
        /** The contents' media type. */
        readonly mimeType?: string;
        /** The contents as base64-encoded bytes. */
        readonly blob: string;
      };
}
