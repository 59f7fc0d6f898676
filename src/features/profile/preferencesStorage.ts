import { isColorMode, type ColorMode } from '../../domain/colorMode';

/**
 * The user's own preferences, kept in local storage per user (type and id: ids repeat across types): they outlive the session ('Sair'
 * forgets the session, not how the user likes to work) and are never another user's.
 */
export interface UserPreferences {
  /** Lists restore their last filters, sort and page when the user comes back through the menu. */
  rememberLists: boolean;
  /** Light or dark, from the header's toggle or 'Meu Perfil'. */
  colorMode: ColorMode;
}

export const DEFAULT_PREFERENCES: UserPreferences = { rememberLists: true, colorMode: 'light' };

/** Whose preferences: '<userType>:<id>' (an administrator and a reseller may share an id). */
export const preferencesOwner = (user: { userType: string; id: number }) => `${user.userType}:${user.id}`;

const keyFor = (owner: string) => `preferences:${owner}`;
/** Where they were kept before, by id alone: read while the user has none under their own key. */
const legacyKeyFor = (owner: string) => `preferences:${owner.split(':')[1]}`;

function storedRecord(owner: string): Partial<Record<keyof UserPreferences, unknown>> | null {
  try {
    const stored = localStorage.getItem(keyFor(owner)) ?? localStorage.getItem(legacyKeyFor(owner));
    return JSON.parse(stored ?? '{}') as Partial<Record<keyof UserPreferences, unknown>> | null;
  } catch {
    return null;
  }
}

/**
 * The user's stored preferences; anything unreadable falls back to the defaults. A user without a
 * colour mode of their own (new, or from before it was theirs: the browser kept one mode for everyone)
 * starts from `startingColorMode`, the mode the browser shows.
 */
export function readPreferences(owner: string, startingColorMode: ColorMode = DEFAULT_PREFERENCES.colorMode): UserPreferences {
  const stored = storedRecord(owner);
  return {
    rememberLists: typeof stored?.rememberLists === 'boolean' ? stored.rememberLists : DEFAULT_PREFERENCES.rememberLists,
    colorMode: isColorMode(stored?.colorMode) ? stored.colorMode : startingColorMode,
  };
}

export function writePreferences(owner: string, preferences: UserPreferences): void {
  localStorage.setItem(keyFor(owner), JSON.stringify(preferences));
}
