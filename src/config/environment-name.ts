/**
 * Environment names: lowercase a-z and 0-9, as source ids are, up to 32 characters, and a
 * hyphen between them (`staging-eu` is a common name and safe in any file name). A name
 * becomes part of paths (the state file, its lock, the snapshot folder), so a `/`, a `..`, a
 * leading `-` or anything else a file name or a command line may treat specially would put
 * them outside the project or be read as an option.
 */
export const ENVIRONMENT_NAME_PATTERN = /^(?=.{1,32}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ENVIRONMENT_NAME_RULE =
  'an environment name is 1 to 32 characters, lowercase a-z and 0-9, with single hyphens between them (it names the state file and the snapshot folder)';
