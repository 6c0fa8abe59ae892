import { DEFAULT_AGENT_CODE, DEFAULT_STORE_NAME, DEFAULT_THEME_COLOR, type AgentInfo } from '@kaoshi/contract';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { acFromSearch, cachedAgentCode } from './ac';
import { sessionCache } from './storage';
import { readableShade } from './theme-shade';

export type { AgentInfo } from '@kaoshi/contract';

/**
 * The tenant (agent). Its info is fetched by the navigation guard (src/app/guards.ts) when not cached
 * in sessionStorage, kept in a small store, and read by screens through useAgent().
 */

/** Used until agent info is loaded, and when the server cannot be reached. */
export const DEFAULT_AGENT: AgentInfo = {
  AgentCode: DEFAULT_AGENT_CODE,
  AgentName: DEFAULT_STORE_NAME,
  QQ: '',
  TelePhone: '',
  WeiXinContact: '',
  Alipay: '',
  PhonePayUrl: '',
  WeiXinPayUrl: '',
  WeiXinPay: '',
  IsWeiXinPay: 0,
  DownloadAddress: '',
  ThemeColor: DEFAULT_THEME_COLOR,
  Subdomain: '',
  StoreName: DEFAULT_STORE_NAME,
  Flags: { contactOnly: false, ackOnly: false, buyDisabled: false, customStyle: false, customPayment: false },
};

let current: AgentInfo | null = null;
const listeners = new Set<() => void>();

export const agentStore = {
  /** The loaded agent, or null before the first load. */
  get(): AgentInfo | null {
    return current;
  },
  set(info: AgentInfo | null): void {
    current = info;
    applyTheme(info ?? DEFAULT_AGENT);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Agent info cached for this browser session (spec §3: "Agent info (session cache)"). */
export function readCachedAgent(): AgentInfo | null {
  const info = sessionCache.getJSON<AgentInfo>('agentInfo');
  return info && typeof info.AgentCode === 'string' ? info : null;
}

export function writeCachedAgent(info: AgentInfo | null): void {
  if (info) sessionCache.setJSON('agentInfo', info);
  else sessionCache.remove('agentInfo');
}

const AgentContext = createContext<AgentInfo | null>(null);

/** Provides the loaded agent (or DEFAULT_AGENT) to the tree; re-renders when it changes. */
export function AgentProvider({ children }: { children?: ReactNode }) {
  const info = useSyncExternalStore(agentStore.subscribe, agentStore.get, agentStore.get);
  return createElement(AgentContext.Provider, { value: info ?? DEFAULT_AGENT }, children);
}

/** The current agent; DEFAULT_AGENT outside an AgentProvider (e.g. a screen rendered alone in a test). */
export function useAgent(): AgentInfo {
  return useContext(AgentContext) ?? agentStore.get() ?? DEFAULT_AGENT;
}

/** The agent code to send with calls: the URL's ac, else the loaded agent, else the cached code, else 888. */
export function currentAgentCode(): string {
  const fromUrl = typeof window === 'undefined' ? null : acFromSearch(window.location.search);
  return fromUrl ?? current?.AgentCode ?? cachedAgentCode() ?? DEFAULT_AGENT_CODE;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Applies the tenant: its colour as CSS variables on :root — the brand itself (--theme-brand, and the
 * night theme's --theme-night) and its readable shade for the day theme (--theme-day, WCAG AA for white
 * text on it and for it as text: lib/theme-shade.ts); global.css makes --theme-color (and antd-mobile's
 * --adm-color-primary) the one of the current theme. Also the browser's theme-color and the store name
 * as the document title.
 */
export function applyTheme(agent: Pick<AgentInfo, 'ThemeColor'> & Partial<Pick<AgentInfo, 'StoreName'>>): void {
  if (typeof document === 'undefined') return;
  const color = HEX.test(agent.ThemeColor) ? agent.ThemeColor : DEFAULT_THEME_COLOR;
  const root = document.documentElement.style;
  root.setProperty('--theme-brand', color);
  root.setProperty('--theme-day', readableShade(color));
  root.setProperty('--theme-night', color);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  if (agent.StoreName) document.title = agent.StoreName;
}
