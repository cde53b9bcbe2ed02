import { createRequire } from 'node:module';
import { trace } from '@opentelemetry/api';

/**
 * OpenTelemetry traces (issue 22, D-2205..D-2207): on only when an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, the SDK's own variables,
 * with `OTEL_SERVICE_NAME`, `OTEL_TRACES_SAMPLER` and friends). Off, nothing of the SDK is even
 * loaded: the code paths that create spans talk to the API's no-op tracer.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let started: Promise<() => Promise<void>> | undefined;

/**
 * Starts the tracer provider (OTLP over HTTP, batched) and the instrumentations of incoming HTTP,
 * PostgreSQL (node-postgres, under Prisma's adapter) and Redis (ioredis); BullMQ brings its own
 * (bullmq-otel, apps/worker). Returns the flush-and-stop, or null when tracing is off. Once per process.
 */
export async function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!tracingConfigured(env)) return null;
  started ??= (async () => {
    const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all(
      [
        import('@opentelemetry/sdk-trace-node'),
        import('@opentelemetry/sdk-trace-base'),
        import('@opentelemetry/exporter-trace-otlp-http'),
        import('@opentelemetry/resources'),
      ],
    );
    const [{ registerInstrumentations }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] =
      await Promise.all([
        import('@opentelemetry/instrumentation'),
        import('@opentelemetry/instrumentation-http'),
        import('@opentelemetry/instrumentation-pg'),
        import('@opentelemetry/instrumentation-ioredis'),
      ]);
    const provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || service }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    });
    provider.register();
    registerInstrumentations({
      tracerProvider: provider,
      instrumentations: [
        new HttpInstrumentation({
          // Probes and scrapes every few seconds are noise, not traces.
          ignoreIncomingRequestHook: (request) => /^\/(health\/|metrics\b)/.test(request.url ?? ''),
          // The exporter's own calls would trace themselves.
          ignoreOutgoingRequestHook: () => true,
        }),
        new PgInstrumentation({ requireParentSpan: true }),
        new IORedisInstrumentation({ requireParentSpan: true }),
      ],
    });
    // The modules were loaded by ES imports before this ran; a require through the hooks the
    // instrumentations installed patches them now (their prototypes are shared by every instance).
    const require = createRequire(import.meta.url);
    for (const name of ['http', 'https', 'pg', 'pg-pool', 'ioredis']) {
      try {
        require(name);
      } catch {
        // not installed in this app: nothing to trace there
      }
    }
    return () => provider.shutdown();
  })();
  return started;
}

/** The trace the current code runs in (32 hex digits), or undefined when tracing is off. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId } = span.spanContext();
  return /^0+$/.test(traceId) ? undefined : traceId;
}
