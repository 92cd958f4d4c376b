import { Type, type Static } from 'typebox';

export const HealthStatus = Type.Object({ status: Type.Literal('ok') });
export type HealthStatus = Static<typeof HealthStatus>;

export const ReadinessStatus = Type.Object({
  status: Type.Literal('ready'),
});
export type ReadinessStatus = Static<typeof ReadinessStatus>;
