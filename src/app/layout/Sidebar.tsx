import { Box, Button, Flex, Image, Link, Stack } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectUserType } from '../../features/auth/selectors';
import { menuFor } from '../screens';

interface SidebarProps {
  onNavigate?: () => void;
  onLogout: () => void;
}

/** Logo, the user type's entries (spec section 6) with the active one highlighted, and 'Sair'. */
export function Sidebar({ onNavigate, onLogout }: SidebarProps) {
  const userType = useAppSelector(selectUserType);
  const entries = menuFor(userType);
  return (
    <Flex direction="column" h="full" bg="sidebar.bg" color="white">
      <Box px="6" py="5" borderBottomWidth="1px" borderColor="sidebar.border">
        <Image src="/logo.svg" alt="Portal Saúde" h="9" />
      </Box>
      <Stack as="nav" aria-label="Menu principal" gap="1" px="3" py="4" flex="1" overflowY="auto">
        {entries.map((entry) => {
          const Icon = entry.icon;
          return (
            <Link
              key={entry.path}
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2.5"
              borderRadius="md"
              color="white"
              fontWeight="medium"
              _hover={{ bg: 'sidebar.hover', textDecoration: 'none' }}
              // Hovered, the current entry stays light: the menu's dark hover under its dark text could not be read.
              _currentPage={{ bg: 'white', color: 'teal.800', _hover: { bg: 'gray.100' } }}
              _focusVisible={{ outline: '2px solid white', outlineOffset: '-2px' }}
            >
              <NavLink to={entry.path} onClick={onNavigate}>
                <Icon aria-hidden />
                {entry.label}
              </NavLink>
            </Link>
          );
        })}
      </Stack>
      <Box p="3" borderTopWidth="1px" borderColor="sidebar.border">
        <Button variant="ghost" color="white" w="full" justifyContent="flex-start" _hover={{ bg: 'sidebar.hover' }} onClick={onLogout}>
          <LuLogOut aria-hidden /> Sair
        </Button>
      </Box>
    </Flex>
  );
}
