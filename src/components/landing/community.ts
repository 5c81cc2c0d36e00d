/** Community posts on the landing. */

/** Longer than this many characters and the message is cut. */
export const COMMUNITY_MESSAGE_LIMIT = 130;
/** A cut message keeps this many characters, then "...". */
export const COMMUNITY_MESSAGE_KEEP = 127;

/** A message longer than 130 characters is cut to its first 127 plus "...". */
export function cutCommunityMessage(message: string): string {
  return message.length > COMMUNITY_MESSAGE_LIMIT ? `${message.slice(0, COMMUNITY_MESSAGE_KEEP)}...` : message;
}

/** Tags shown as hashtags: "viaje seguro" -> "#viajeseguro"; a leading "#" is not doubled. */
export function hashtag(tag: string): string {
  return `#${tag.replace(/^#+/, "").replace(/\s+/g, "")}`;
}
