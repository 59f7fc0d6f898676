import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { COLOR_MODE_TEXTS } from '../../domain/colorMode';
import { colorModeSet } from '../../features/profile/preferences';
import { selectColorMode } from '../../features/profile/selectors';
import { useAppDispatch, useAppSelector } from '../hooks';

/** The header's light/dark switch for the signed-in user (their preference, as on 'Meu Perfil'): its name says what pressing it does. */
export function ColorModeToggle() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectColorMode);
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? COLOR_MODE_TEXTS.toDark : COLOR_MODE_TEXTS.toLight;
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" onClick={() => dispatch(colorModeSet(next))}>
      {mode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
