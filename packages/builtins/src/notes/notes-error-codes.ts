/** Why a notes call failed; programs read it from `data.code` of the error response. */
export const NOTES_ERROR_CODES = {
  invalidArguments: "invalid_arguments",
  invalidPath: "invalid_path",
  notFound: "not_found",
  symlink: "symlink",
  notAFile: "not_a_file",
  notAFolder: "not_a_folder",
  hardLink: "hard_link",
  changed: "changed_during_call",
  tooLarge: "too_large",
  rootUnavailable: "root_unavailable",
  cancelled: "cancelled",
  io: "io_error",
} as const;

export type NotesErrorCode = (typeof NOTES_ERROR_CODES)[keyof typeof NOTES_ERROR_CODES];
