export { NOTES_ERROR_CODES, type NotesErrorCode } from "./notes-error-codes.js";
export {
  type NotesAppendData,
  type NotesArgs,
  type NotesErrorData,
  type NotesListData,
  type NotesListEntry,
  type NotesReadData,
  NotesTool,
  type NotesToolOptions,
} from "./notes-tool.js";
