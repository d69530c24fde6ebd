/**
 * Environment names: lowercase a-z and 0-9, as source ids are, but up to 32 characters. A
 * name becomes part of paths (the state file, its lock, the snapshot folder), so a `/`, a
 * `..` or anything else a file name may treat specially would put them outside the project.
 */
export const ENVIRONMENT_NAME_PATTERN = /^[a-z0-9]{1,32}$/;

export const ENVIRONMENT_NAME_RULE = 'an environment name is 1 to 32 characters, lowercase a-z and 0-9 only (it names the state file and the snapshot folder)';
