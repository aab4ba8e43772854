/**
 * Solid tag colours dark enough for white text (axe colour contrast ≥ 4.5:1); antd's preset
 * light tags (green, gold…) fail it.
 */
export const TAG = {
  ok: '#237804',
  warn: '#ad4e00',
  bad: '#a8071a',
  info: '#0958d9',
  muted: '#595959',
  gold: '#874d00',
} as const;
