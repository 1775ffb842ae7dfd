import { NOTES_ERROR_CODES, type NotesErrorCode } from "../notes-error-codes.js";

export { NOTES_ERROR_CODES };

/**
 * A refusal or failure the model should read. Thrown only inside the notes tool and turned into
 * an error response by `run`; its message never holds a host path, only paths relative to the
 * notes folder.
 */
export class NotesFailure extends Error {
  readonly code: NotesErrorCode;

  constructor(code: NotesErrorCode, message: string) {
    super(message);
    this.name = "NotesFailure";
    this.code = code;
  }
}
