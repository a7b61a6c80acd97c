/**
 * A mistake in the config file: the message names the file, the field and what is wrong,
 * e.g. `latchkit.config.json: chains[0].rpcUrl: expected an http(s) URL`. Apart from the
 * reader, so the command can tell it from other failures without loading the reader.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
