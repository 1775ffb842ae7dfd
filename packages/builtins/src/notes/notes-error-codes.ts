/** Why a notes call failed; programs read it from `data.code` of the error response. */
export const NOTES_ERROR_CODES = {
  /** The arguments are not what the action needs. */
  invalidArguments: "invalid_arguments",
  /** The path is not allowed (outside the notes folder, a refused name or extension, too long). */
  invalidPath: "invalid_path",
  /** No note or folder at that path. */
  notFound: "not_found",
  /** The path goes through a symbolic link, which is refused. */
  symlink: "symlink",
  /** The path is a folder or another non-regular file, not a note. */
  notAFile: "not_a_file",
  /** A part of the path that must be a folder is not one. */
  notAFolder: "not_a_folder",
  /** The note has other hard links, so appending to it is refused. */
  hardLink: "hard_link",
  /** The path changed while it was being opened (a link or another file was swapped in); nothing was done. */
  changed: "changed_during_call",
  /** The content or the note would be larger than the limits allow. */
  tooLarge: "too_large",
  /** The notes folder is missing or was replaced; nothing was done. */
  rootUnavailable: "root_unavailable",
  /** The call was cancelled. */
  cancelled: "cancelled",
  /** Any other file system error. */
  io: "io_error",
} as const;

/** One of the values of `NOTES_ERROR_CODES`. */
export type NotesErrorCode = (typeof NOTES_ERROR_CODES)[keyof typeof NOTES_ERROR_CODES];
