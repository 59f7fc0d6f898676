import { Box, ChakraProvider, CloseButton, Drawer, Flex, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { LuMenu, LuShieldCheck, LuUserRound } from 'react-icons/lu';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useVerifyQuery } from '../../api/authApi';
import { useCheckoutConfigQuery } from '../../api/checkoutApi';
import { ListMemoryEnabled } from '../../components/list/listMemory';
import { PageSpinner } from '../../components/PageSpinner';
import { systemForPage } from '../../components/theme/withoutGlobalCss';
import { STAFF_HEADER_HEIGHT_PX } from '../../components/toast/AppToaster';
import { screenClearance } from '../../components/toast/toastClearance';
import { setToastColumnFitter } from '../../components/toast/toastPlacement';
import { useAppSelector } from '../hooks';
import { staffSystem } from '../../components/theme/staffSystem';
import { selectCurrentUser, selectUserType } from '../../features/auth/selectors';
import { useUserPreferences } from '../../features/profile/preferences';
import { AUDIT_TEXTS } from '../../domain/audit';
import { AUDIT_ROUTE, canOpen, PROFILE_ROUTE } from '../../domain/navigation';
import { PROFILE_TEXTS } from '../../domain/settings';
import { ColorModeToggle } from './ColorModeToggle';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { Sidebar } from './Sidebar';
import { useLogout } from './useLogout';

const SIDEBAR_WIDTH = '64';

/** Below 768 px the header's links show only their icons (the text stays for screen readers). */
const ICON_ONLY_ON_PHONES = { base: true, md: false } as const;
/** The header's links: icon and text in a row; on a phone an icon the size of the colour-mode button's. */
const HEADER_LINK = {
  color: 'fg',
  fontSize: 'sm',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  flexShrink: 0,
  minW: { base: '9', md: 'auto' },
  minH: '9',
} as const;

/**
 * The staff theme, every recipe the signed-in screens render: its own chunk with the layout's, so
 * /login (provided the shell theme, components/theme/shellTheme.ts) does not download it. On a page whose HTML has
 * Chakra's global CSS, without it (the same tokens as the shell theme's, in <head> already).
 */
const pageSystem = systemForPage(staffSystem);

/** Fixed sidebar on large screens, a menu button and drawer on small ones, the page beside it. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The toasts keep clear of the screens' dialogs (their close button above all) and of their 'Novo …'.
  useEffect(() => {
    setToastColumnFitter(screenClearance);
    return () => setToastColumnFitter(null);
  }, []);
  const { pathname } = useLocation();
  const logout = useLogout();
  const user = useAppSelector(selectCurrentUser);
  const userType = useAppSelector(selectUserType);
  const { data: verified } = useVerifyQuery();
  const displayName = verified?.user.nome ?? user?.email;
  // 'nome_empresa' of 'Gestão do Site' (public settings; saving the parameter refreshes it).
  const { data: publicSettings } = useCheckoutConfigQuery();
  // 'Meu Perfil': this user's colour mode, and whether the lists restore where they were.
  const rememberLists = useUserPreferences();

  return (
    <ChakraProvider value={pageSystem}>
      <Box minH="100vh">
        <Box as="aside" position="fixed" insetY="0" left="0" w={SIDEBAR_WIDTH} hideBelow="lg" zIndex="docked">
          <Sidebar onLogout={logout} />
        </Box>

        <Drawer.Root open={menuOpen} onOpenChange={(event) => setMenuOpen(event.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={SIDEBAR_WIDTH}>
                <Drawer.Title srOnly>Menu</Drawer.Title>
                <Sidebar onNavigate={() => setMenuOpen(false)} onLogout={logout} />
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" color="white" aria-label="Fechar menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>

        <Box ml={{ base: 0, lg: SIDEBAR_WIDTH }}>
          {/* Exactly STAFF_HEADER_HEIGHT_PX tall: the toasts start below it. On a phone the links keep only
              their icons (their names stay, read aloud), so the company's name is never cut to 'P…'. */}
          <Flex
            as="header"
            align="center"
            gap={{ base: 2, md: 3 }}
            px={{ base: 4, md: 8 }}
            h={`${STAFF_HEADER_HEIGHT_PX}px`}
            bg="bg.panel"
            borderBottomWidth="1px"
          >
            <IconButton aria-label="Abrir menu" variant="ghost" hideFrom="lg" onClick={() => setMenuOpen(true)}>
              <LuMenu />
            </IconButton>
            {/* Two lines at most, then an ellipsis: a long name wraps before it is cut. */}
            <Text flex="1" minW="0" fontWeight="semibold" color="fg" lineHeight="shorter" lineClamp={2} overflowWrap="anywhere">
              {publicSettings?.companyName}
            </Text>
            <ColorModeToggle />
            {canOpen(userType, AUDIT_ROUTE) && (
              <Link asChild {...HEADER_LINK}>
                <RouterLink to={AUDIT_ROUTE}>
                  <LuShieldCheck aria-hidden />
                  <Text as="span" srOnly={ICON_ONLY_ON_PHONES}>
                    {AUDIT_TEXTS.title}
                  </Text>
                </RouterLink>
              </Link>
            )}
            <Link asChild {...HEADER_LINK}>
              {/* Its accessible name is its visible text, 'Meu Perfil' and the user's name (WCAG's 'label in name'). */}
              <RouterLink to={PROFILE_ROUTE}>
                <LuUserRound aria-hidden />
                <Stack as="span" gap="0" lineHeight="short" minW="0" srOnly={ICON_ONLY_ON_PHONES}>
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {PROFILE_TEXTS.title}
                  </Text>{' '}
                  <Text as="span" truncate maxW="52">
                    {displayName}
                  </Text>
                </Stack>
              </RouterLink>
            </Link>
          </Flex>
          <Box as="main" px={{ base: 4, md: 8 }} py="6">
            {/* A screen that fails shows its error here: the shell around it stays usable. */}
            <ScreenErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSpinner />}>
                <ListMemoryEnabled value={rememberLists}>
                  <Outlet />
                </ListMemoryEnabled>
              </Suspense>
            </ScreenErrorBoundary>
          </Box>
        </Box>
      </Box>
    </ChakraProvider>
  );
}
