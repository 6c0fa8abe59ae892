import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contrast, readableShade } from './theme-shade';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { agentData } from '../test/router';
import { AgentProvider, DEFAULT_AGENT, agentStore, applyTheme, currentAgentCode, useAgent } from './agent';
import { setNightMode, useNightMode } from './night-mode';

afterEach(() => agentStore.set(null));

function Show() {
  const agent = useAgent();
  return <p>{`${agent.AgentCode} ${agent.ThemeColor}`}</p>;
}

describe('agent', () => {
  it('gives the default agent (888, #5bb8ff) before agent info is loaded, with or without a provider', () => {
    expect(DEFAULT_AGENT.AgentCode).toBe('888');
    render(<Show />);
    expect(screen.getByText('888 #5bb8ff')).toBeTruthy();
  });

  it('provides the loaded agent and follows changes', () => {
    render(
      <AgentProvider>
        <Show />
      </AgentProvider>,
    );
    act(() => agentStore.set(agentData('123', '#ff6600')));
    expect(screen.getByText('123 #ff6600')).toBeTruthy();
  });

  it('applies the theme colour as CSS variables, and the store name as title', () => {
    applyTheme({ ThemeColor: '#ff6600', StoreName: '某某题库' });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--theme-brand')).toBe('#ff6600');
    // The day theme writes with the readable shade of the brand, the night theme with the brand.
    expect(root.getPropertyValue('--theme-day')).toBe(readableShade('#ff6600'));
    expect(root.getPropertyValue('--theme-night')).toBe('#ff6600');
    expect(document.title).toBe('某某题库');
    applyTheme({ ThemeColor: 'red;}body{x' });
    expect(root.getPropertyValue('--theme-brand')).toBe('#5bb8ff');
  });

  it('derives a readable shade of every demo tenant’s colour: AA (4.5:1) for white text on it and for it as text', () => {
    const tenants = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../content/demo/tenants.json'), 'utf8')) as { themeColor?: string }[];
    expect(tenants.length).toBeGreaterThan(1);
    // A tenant without a colour gets the default one.
    for (const themeColor of [...tenants.map((t) => t.themeColor ?? '#5bb8ff'), '#ffffff', '#ffd400']) {
      const shade = readableShade(themeColor);
      expect(contrast(shade, '#ffffff'), themeColor).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shade, '#f5f6f8'), themeColor).toBeGreaterThanOrEqual(4.5);
    }
    // A colour that already reads is kept.
    expect(readableShade('#0b5394')).toBe('#0b5394');
  });

  it('takes the agent code from the URL, else the loaded agent, else the cache, else 888', () => {
    expect(currentAgentCode()).toBe('888');
    localStorage.setItem('ac', '555');
    expect(currentAgentCode()).toBe('555');
    agentStore.set(agentData('123'));
    expect(currentAgentCode()).toBe('123');
    window.history.replaceState(null, '', '/login?ac=7021004');
    expect(currentAgentCode()).toBe('7021004');
  });
});

describe('night mode', () => {
  function Toggle() {
    const { dark, toggle } = useNightMode();
    return (
      <button type="button" onClick={toggle}>
        {dark ? 'dark' : 'light'}
      </button>
    );
  }

  it('sets data-theme="dark" on <html>, persists it and re-renders users', () => {
    render(<Toggle />);
    expect(screen.getByRole('button').textContent).toBe('light');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(localStorage.getItem('nightMode')).toBe('1');
    act(() => setNightMode(false));
    expect(screen.getByRole('button').textContent).toBe('light');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem('nightMode')).toBeNull();
  });
});
