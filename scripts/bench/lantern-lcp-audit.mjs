// A Lighthouse audit for `npm run bench:first-frame`: what Lighthouse's simulated LCP is made of.
// It lists the requests and main-thread tasks of the simulation's optimistic LCP graph with their
// simulated times, beside the optimistic, pessimistic and reported estimates.
import { Audit } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const TASK_PARTS = new Set(['ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint']);
const path = (url) => url.replace(/^https?:\/\/[^/]+/, '');

export default class LanternLcpGraph extends Audit {
  static get meta() {
    return {
      id: 'lantern-lcp-graph',
      title: 'What the simulated LCP waits for',
      description: 'The requests and tasks of the optimistic LCP simulation, with their simulated times.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: ['HostUserAgent', 'Trace', 'DevtoolsLog', 'GatherContext', 'URL', 'SourceMaps', 'HostDPR'],
    };
  }

  static async audit(artifacts, context) {
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: context.settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
      HostDPR: artifacts.HostDPR,
    };
    const lcp = await LanternLargestContentfulPaint.request(data, context);
    const nodes = [...lcp.optimisticEstimate.nodeTimings.entries()]
      .sort((a, b) => a[1].endTime - b[1].endTime)
      .map(([node, timing]) => ({
        what:
          node.type === 'network'
            ? `${node.request.resourceType} ${path(node.request.url)}`
            : `task ${(node.duration / 1000).toFixed(1)} ms: ${[...new Set(node.childEvents.filter((event) => TASK_PARTS.has(event.name)).map((event) => event.name))].join(', ') || 'other'}`,
        startMs: timing.startTime,
        endMs: timing.endTime,
      }));
    return {
      score: null,
      numericValue: lcp.timing,
      details: { type: 'debugdata', lcpMs: lcp.timing, optimisticMs: lcp.optimisticEstimate.timeInMs, pessimisticMs: lcp.pessimisticEstimate.timeInMs, nodes },
    };
  }
}
