/**
 * What distinguishes one frozen engine version from another. The tick kernel is shared; every
 * behaviour that differs between versions is a named flag here, so an old version's behaviour
 * can never change by accident (its golden traces are checked in and tested).
 *
 * @example
 * const features: VersionFeatures | undefined = versionFeatures(sim.engineVersion);
 * if (features?.reactionFadesOverHorizon) console.log('reactions fade over the horizon');
 */
export interface VersionFeatures {
  readonly version: string;
  /** The shape of `prophecy.data`. */
  readonly prophecySchema: 'prophecy/1' | 'prophecy/2' | 'prophecy/3' | 'prophecy/4';
  /**
   * 1.0.0: agents react to the standing prophecy at full strength until the next one replaces it.
   * 1.1.0: the reaction fades linearly to nothing over the prophecy's horizon.
   */
  readonly reactionFadesOverHorizon: boolean;
  /**
   * 1.2.0: agents differ in how much they believe prophecies (`policy.belief`, default 1);
   * before, every agent reacted at full strength and the field is ignored.
   */
  readonly beliefPolicy: boolean;
  /**
   * 1.2.0: a prophecy carries its counterfactual (the same ensemble without the reaction to
   * it), a verdict on its own effect, loss-probability intervals, and the optional fixed-point
   * mode; its branches react to the prophecy being made, not to the previous one.
   */
  readonly attributedProphecies: boolean;
  /**
   * 1.2.0: a confident forecast of loss is judged only once the outcome can be known: a loss
   * that comes within a horizon after the forecast loss tick is `postponed`, not `averted`.
   */
  readonly verdictsWaitForOutcome: boolean;
  /**
   * 1.3.0: prophecies calibrated against their own reaction: the reaction ensemble reacts only
   * while the forecast reigns (until the next prophecy), fixed points are found by bisection,
   * and verdicts rest on paired 95 % intervals, with more branches while one is open
   * (`inconclusive` when it stays open).
   */
  readonly calibratedProphecies: boolean;
  /**
   * 1.3.0: a confident forecast is `averted` only when the basin survives the whole window and
   * the verdict is self-defeating; a loss within the window is `postponed`; a later loss of an
   * averted basin is `lost-after-averted`; `unforeseen` is judged against the reaction too.
   */
  readonly verdictsAwaitWindow: boolean;
  /**
   * 1.4.0: a scenario may carry a domain model (SEIR, stocks and flows, grazing, a bank run)
   * that the engine advances every tick beside the agents; its sites set their basins' load and
   * capacity, and the alarm the standing prophecy raises at a basin reaches its site. Without a
   * domain block 1.4.0 runs exactly as 1.3.0.
   */
  readonly domainModels: boolean;
}

export const V1_0_0: VersionFeatures = Object.freeze({
  version: '1.0.0',
  prophecySchema: 'prophecy/1',
  reactionFadesOverHorizon: false,
  beliefPolicy: false,
  attributedProphecies: false,
  verdictsWaitForOutcome: false,
  calibratedProphecies: false,
  verdictsAwaitWindow: false,
  domainModels: false,
});

export const V1_1_0: VersionFeatures = Object.freeze({
  version: '1.1.0',
  prophecySchema: 'prophecy/2',
  reactionFadesOverHorizon: true,
  beliefPolicy: false,
  attributedProphecies: false,
  verdictsWaitForOutcome: false,
  calibratedProphecies: false,
  verdictsAwaitWindow: false,
  domainModels: false,
});

export const V1_2_0: VersionFeatures = Object.freeze({
  version: '1.2.0',
  prophecySchema: 'prophecy/3',
  reactionFadesOverHorizon: true,
  beliefPolicy: true,
  attributedProphecies: true,
  verdictsWaitForOutcome: true,
  calibratedProphecies: false,
  verdictsAwaitWindow: false,
  domainModels: false,
});

export const V1_3_0: VersionFeatures = Object.freeze({
  version: '1.3.0',
  prophecySchema: 'prophecy/4',
  reactionFadesOverHorizon: true,
  beliefPolicy: true,
  attributedProphecies: true,
  verdictsWaitForOutcome: true,
  calibratedProphecies: true,
  verdictsAwaitWindow: true,
  domainModels: false,
});

export const V1_4_0: VersionFeatures = Object.freeze({
  version: '1.4.0',
  prophecySchema: 'prophecy/4',
  reactionFadesOverHorizon: true,
  beliefPolicy: true,
  attributedProphecies: true,
  verdictsWaitForOutcome: true,
  calibratedProphecies: true,
  verdictsAwaitWindow: true,
  domainModels: true,
});
