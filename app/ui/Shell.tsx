import { AppShell, Button, Group, Text, UnstyledButton } from "@mantine/core";
import { Form, NavLink, useLocation } from "@remix-run/react";
import {
  IconChartBar,
  IconClockPause,
  IconFileCertificate,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListCheck,
  IconReportMoney,
  IconSettings,
  IconTable,
  IconTruckDelivery,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { can, type Permission } from "~/services/auth/permissions";
import type { StaffRole } from "~/services/core/roles";
import { HeaderSearch } from "./HeaderSearch";
import { Hint } from "./Hint";

type MenuItem = { to: string; label: string; icon: typeof IconUsers; permission: Permission };

/** Each entry shows to those who may open it (legal's reduced menu, spec part 1 §1, follows from the table). */
const MENU: MenuItem[] = [
  { to: "/rate-cards", label: "Rate Card", icon: IconTable, permission: "ratecard.view" },
  { to: "/all-users", label: "All Users", icon: IconUsers, permission: "clients.view" },
  { to: "/order-tracker", label: "Order Tracker", icon: IconTruckDelivery, permission: "orders.track" },
  { to: "/finance-analytics", label: "Finance Analytics", icon: IconReportMoney, permission: "finance-analytics.request" },
  { to: "/on-hold-cod", label: "On hold COD", icon: IconClockPause, permission: "cod.view" },
  { to: "/account-setup", label: "Account Setup", icon: IconSettings, permission: "legal.view" },
  { to: "/merchant-agreements", label: "Merchant Agreement", icon: IconFileCertificate, permission: "legal.view" },
  { to: "/legal-status", label: "Status", icon: IconListCheck, permission: "legal.view" },
];

export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

export function Shell({
  staff,
  collapsed,
  children,
}: {
  staff: { name: string; role: StaffRole; email: string };
  collapsed: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const menu = MENU.filter((item) => can(staff, item.permission));
  const here = location.pathname + location.search;
  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 36 }}
      navbar={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH, breakpoint: 0 }}
      padding="md"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconChartBar aria-hidden size={22} color="var(--mantine-color-indigo-6)" />
            <Text fw={700}>Shipping Console</Text>
          </Group>
          {/* The header order search: every role that may search orders (not legal, spec part 1 §1). */}
          <div style={{ flex: 1, display: "flex", justifyContent: "center" }}>{can(staff, "orders.search") ? <HeaderSearch /> : null}</div>
          <Group gap="sm" wrap="nowrap">
            <div style={{ textAlign: "right", lineHeight: 1.2 }}>
              <Text size="sm" fw={600} data-testid="signed-in-name">
                {staff.name}
              </Text>
              <Text size="xs" c="dimmed">
                {staff.role.toUpperCase()} · {staff.email}
              </Text>
            </div>
            <Form method="post" action="/logout">
              <Button type="submit" variant="default" size="xs">
                Logout
              </Button>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        <AppShell.Section grow component="nav" aria-label="Main">
          {menu.map((item) => {
            const link = (
              <NavLink
                key={item.to}
                to={item.to}
                className="nav-link"
                prefetch="intent"
                aria-label={collapsed ? item.label : undefined}
                style={({ isActive }) => ({
                  display: "flex",
                  alignItems: "center",
                  justifyContent: collapsed ? "center" : "flex-start",
                  gap: 10,
                  padding: "8px 10px",
                  borderRadius: 6,
                  textDecoration: "none",
                  fontSize: 14,
                  fontWeight: 500,
                  color: isActive ? "var(--mantine-color-indigo-8)" : "var(--mantine-color-gray-8)",
                  background: isActive ? "var(--mantine-color-indigo-0)" : "transparent",
                })}
              >
                <item.icon size={20} aria-hidden stroke={1.7} />
                {collapsed ? null : <span>{item.label}</span>}
              </NavLink>
            );
            // Only the collapsed (icon-only) menu needs a hint to name each item.
            return collapsed ? (
              <Hint key={item.to} label={item.label} position="right" block describes={false}>
                {link}
              </Hint>
            ) : (
              link
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <Form method="post" action="/preferences/sidebar">
            <input type="hidden" name="redirectTo" value={here} />
            <input type="hidden" name="sidebar" value={collapsed ? "expanded" : "collapsed"} />
            <UnstyledButton
              type="submit"
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              className="nav-link"
              style={{ display: "flex", gap: 8, alignItems: "center", padding: "8px 10px", width: "100%", justifyContent: collapsed ? "center" : "flex-start", fontSize: 13 }}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={20} aria-hidden /> : <IconLayoutSidebarLeftCollapse size={20} aria-hidden />}
              {collapsed ? null : <span>Collapse</span>}
            </UnstyledButton>
          </Form>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="center">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Shipping Console Pvt. Ltd. All rights reserved.
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
