/** The cookie remembering the player's language choice (spec §3). */
export const USER_LANGUAGE_COOKIE = "user-language";
