/**
 * The social login providers a project may offer, by name: apart from social.ts, so what
 * only needs the names (the config file's check) does not load openid-client.
 */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
