/**
 * One ECharts chart: loads ECharts on first use, draws `option` in the organisation's palette and
 * the current colour mode, and follows the card's size.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../../../app/session-context.tsx';
import { paletteColours } from './palettes.ts';
import { effectiveTheme } from '../../../app/theme.ts';
import type { echarts as EchartsModule } from './echarts-setup.ts';

type Echarts = typeof EchartsModule;
type ChartInstance = ReturnType<Echarts['init']>;
export type ChartOption = Parameters<ChartInstance['setOption']>[0];

let loading: Promise<Echarts> | null = null;
function loadEcharts(): Promise<Echarts> {
  loading ??= import('./echarts-setup.ts').then((module) => module.echarts);
  return loading;
}

interface Props {
  option: ChartOption;
  height: number;
  /** The chart's accessible name (it is drawn as SVG with ECharts' own description). */
  label: string;
}

export function EChart({ option, height, label }: Props) {
  const theme = useTheme();
  const session = useSession();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const [echarts, setEcharts] = useState<Echarts | null>(null);
  const mode = theme.palette.mode;
  const paletteName =
    effectiveTheme(session)?.chartPalette ??
    (session.subscription.app_config.general as { chartPalette?: string } | undefined)?.chartPalette;

  useEffect(() => {
    let isCurrent = true;
    void loadEcharts().then((loaded) => {
      if (isCurrent) setEcharts(() => loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    if (!echarts || !element.current) return undefined;
    const instance = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [echarts]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const text = theme.palette.text.secondary;
    instance.setOption(
      {
        backgroundColor: 'transparent',
        color: paletteColours(paletteName, mode),
        textStyle: { color: text, fontFamily: theme.typography.fontFamily },
        aria: { enabled: true, label: { description: label } },
        animationDuration: 300,
        ...option,
      },
      // lazyUpdate: drawn on the next frame, so a month switch paints its figures before the charts redraw.
      { notMerge: true, lazyUpdate: true },
    );
  }, [echarts, option, mode, paletteName, label, theme]);

  return (
    <Box sx={{ position: 'relative', height }} role="img" aria-label={label} data-testid="echart">
      {!echarts && <Skeleton variant="rectangular" height={height} sx={{ position: 'absolute', inset: 0 }} />}
      <Box ref={element} sx={{ height, width: '100%' }} />
    </Box>
  );
}
