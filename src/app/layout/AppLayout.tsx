import { Box, CloseButton, Drawer, Flex, IconButton, Link, Portal, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { LuMenu, LuShieldCheck, LuUserRound } from 'react-icons/lu';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useVerifyQuery } from '../../api/authApi';
import { PageSpinner } from '../../components/PageSpinner';
import { useAppSelector } from '../hooks';
import { selectCurrentUser, selectUserType } from '../../features/auth/selectors';
import { AUDIT_TEXTS } from '../../domain/audit';
import { AUDIT_ROUTE } from '../../domain/navigation';
import { Sidebar } from './Sidebar';
import { useLogout } from './useLogout';

const SIDEBAR_WIDTH = '64';

/** Fixed sidebar on large screens, a menu button and drawer on small ones, the page beside it. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const user = useAppSelector(selectCurrentUser);
  const userType = useAppSelector(selectUserType);
  const { data: verified } = useVerifyQuery();
  const displayName = verified?.user.nome ?? user?.email;

  return (
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
        <Flex as="header" align="center" gap="3" px={{ base: 4, md: 8 }} py="3" bg="white" borderBottomWidth="1px">
          <IconButton aria-label="Abrir menu" variant="ghost" hideFrom="lg" onClick={() => setMenuOpen(true)}>
            <LuMenu />
          </IconButton>
          <Box flex="1" />
          {userType === 'ADMINISTRADOR' && (
            <Link asChild color="gray.700" fontSize="sm" display="flex" alignItems="center" gap="2">
              <RouterLink to={AUDIT_ROUTE}>
                <LuShieldCheck aria-hidden />
                {AUDIT_TEXTS.title}
              </RouterLink>
            </Link>
          )}
          <Link asChild color="gray.700" fontSize="sm" display="flex" alignItems="center" gap="2">
            <RouterLink to="/configuracoes" aria-label="Meu Perfil">
              <LuUserRound aria-hidden />
              <Text as="span" truncate maxW="52">
                {displayName}
              </Text>
            </RouterLink>
          </Link>
        </Flex>
        <Box as="main" px={{ base: 4, md: 8 }} py="6">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
