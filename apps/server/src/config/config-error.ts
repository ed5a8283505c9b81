/** A setting (environment variable or data-directory file) the server cannot start with; the message is one line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
