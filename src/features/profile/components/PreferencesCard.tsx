import { Card, Stack, Switch, Text } from '@chakra-ui/react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PROFILE_TEXTS } from '../../../domain/settings';
import { colorModeSet, rememberListsSet } from '../preferences';
import { selectColorMode, selectRememberLists } from '../selectors';

/** One preference: a switch with its label and a hint beneath. */
function PreferenceSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Stack gap="1">
      <Switch.Root colorPalette="teal" checked={checked} onCheckedChange={(event) => onChange(Boolean(event.checked))}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}

/** 'Preferências': the user's own ways of working, kept per user in this browser. */
export function PreferencesCard() {
  const dispatch = useAppDispatch();
  const rememberLists = useAppSelector(selectRememberLists);
  const colorMode = useAppSelector(selectColorMode);
  return (
    <Card.Root as="section" aria-labelledby="preferences-section">
      <Card.Header>
        <Card.Title as="h2" id="preferences-section">
          {PROFILE_TEXTS.preferencesSection}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <PreferenceSwitch
            label={PROFILE_TEXTS.rememberLists}
            hint={PROFILE_TEXTS.rememberListsHint}
            checked={rememberLists}
            onChange={(on) => dispatch(rememberListsSet(on))}
          />
          <PreferenceSwitch
            label={PROFILE_TEXTS.darkMode}
            hint={PROFILE_TEXTS.darkModeHint}
            checked={colorMode === 'dark'}
            onChange={(on) => dispatch(colorModeSet(on ? 'dark' : 'light'))}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
