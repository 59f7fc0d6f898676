import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import { browserColorMode, showUserColorMode } from '../../components/theme/colorMode';
import type { ColorMode } from '../../domain/colorMode';
import { readPreferences, writePreferences } from './preferencesStorage';
import { colorModeChanged, preferencesLoaded, rememberListsChanged } from './profileSlice';
import { selectColorMode, selectPreferences, selectPreferencesLoaded, selectRememberLists, selectSignedInOwner } from './selectors';

/**
 * The signed-in user's preferences, at work: loads them from local storage into the profile slice once
 * the user is signed in, shows their colour mode, and says whether lists remember where they were
 * (the layout provides it to every list).
 */
export function useUserPreferences(): boolean {
  const dispatch = useAppDispatch();
  const owner = useAppSelector(selectSignedInOwner);
  const loaded = useAppSelector(selectPreferencesLoaded);
  const colorMode = useAppSelector(selectColorMode);
  useEffect(() => {
    if (owner === null || loaded) return;
    const preferences = readPreferences(owner, browserColorMode());
    // Stored at once: the colour mode a user started from is theirs from now on, whoever signs in next.
    writePreferences(owner, preferences);
    dispatch(preferencesLoaded({ owner, preferences }));
  }, [dispatch, owner, loaded]);
  useEffect(() => {
    if (loaded) showUserColorMode(colorMode);
  }, [loaded, colorMode]);
  return useAppSelector(selectRememberLists);
}

/** Changes one preference of the signed-in user and stores their preferences for next time. */
const preferenceSet =
  (change: ReturnType<typeof rememberListsChanged | typeof colorModeChanged>) => (dispatch: AppDispatch, getState: () => RootState) => {
    dispatch(change);
    const owner = selectSignedInOwner(getState());
    if (owner !== null) writePreferences(owner, selectPreferences(getState()));
  };

/** Turns the lists' memory on or off for the signed-in user; off forgets what they remembered. */
export const rememberListsSet = (on: boolean) => (dispatch: AppDispatch) => {
  dispatch(preferenceSet(rememberListsChanged(on)));
  if (!on) dispatch(rememberedListsForgotten());
};

/** Light or dark for the signed-in user (the header's toggle and 'Meu Perfil'). */
export const colorModeSet = (mode: ColorMode) => preferenceSet(colorModeChanged(mode));
