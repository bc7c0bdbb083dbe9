import { Form, NavLink, useLocation } from "@remix-run/react";
import {
  IconChartBar,
  IconClockPause,
  IconFileCertificate,
  IconLayoutDashboard,
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

/** Each entry shows to those who may open it (legal's reduced menu, docs/product.md §1, follows from the table). */
const MENU: MenuItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: IconLayoutDashboard, permission: "dashboard.view" },
  { to: "/rate-cards", label: "Rate Card", icon: IconTable, permission: "ratecard.view" },
  { to: "/all-users", label: "All Users", icon: IconUsers, permission: "clients.view" },
  { to: "/order-tracker", label: "Order Tracker", icon: IconTruckDelivery, permission: "orders.track" },
  {
    to: "/finance-analytics",
    label: "Finance Analytics",
    icon: IconReportMoney,
    permission: "finance-analytics.request",
  },
  { to: "/on-hold-cod", label: "On hold COD", icon: IconClockPause, permission: "cod.view" },
  { to: "/account-setup", label: "Account Setup", icon: IconSettings, permission: "legal.view" },
  { to: "/merchant-agreements", label: "Merchant Agreement", icon: IconFileCertificate, permission: "legal.view" },
  { to: "/legal-status", label: "Status", icon: IconListCheck, permission: "legal.view" },
];

/**
 * The signed-in frame of every page: header, sidebar menu, footer. Plain elements styled by
 * app.css (`.shell…`), not Mantine's AppShell, Group, Text and Button: the frame is drawn on
 * every page, and through Mantine's style machinery it cost ~2.9 ms of the server's CPU per
 * page, about half of what an empty page costs (decision 045). It looks as it did.
 */
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
    <div className="shell" data-collapsed={collapsed || undefined}>
      <header className="shell-header right-scroll-bar-position">
        <div className="shell-brand">
          <IconChartBar aria-hidden size={22} color="var(--mantine-color-indigo-6)" />
          <p>Shipping Console</p>
        </div>
        {/* The header order search: every role that may search orders (not legal, docs/product.md §1). */}
        <div className="shell-search">{can(staff, "orders.search") ? <HeaderSearch /> : null}</div>
        <div className="shell-account">
          <div>
            <p className="shell-name" data-testid="signed-in-name">
              {staff.name}
            </p>
            <p className="shell-role">{`${staff.role.toUpperCase()} · ${staff.email}`}</p>
          </div>
          <Form method="post" action="/logout">
            <button type="submit" className="shell-logout mantine-focus-auto mantine-active">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <nav className="shell-navbar" aria-label="Main menu">
        <nav className="shell-menu" aria-label="Main">
          {menu.map((item) => {
            const link = (
              <NavLink
                key={item.to}
                to={item.to}
                className="nav-link"
                prefetch="intent"
                aria-label={collapsed ? item.label : undefined}
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
        </nav>
        <div>
          <Form method="post" action="/preferences/sidebar">
            <input type="hidden" name="redirectTo" value={here} />
            <input type="hidden" name="sidebar" value={collapsed ? "expanded" : "collapsed"} />
            <button
              type="submit"
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              className="nav-link shell-collapse"
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={20} aria-hidden />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
              )}
              {collapsed ? null : <span>Collapse</span>}
            </button>
          </Form>
        </div>
      </nav>
      <main className="shell-main">{children}</main>
      <footer className="shell-footer">
        <p>© {new Date().getFullYear()} Shipping Console Pvt. Ltd. All rights reserved.</p>
      </footer>
    </div>
  );
}
