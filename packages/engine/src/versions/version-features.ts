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
  readonly prophecySchema: 'prophecy/1' | 'prophecy/2';
  /**
   * 1.0.0: agents react to the standing prophecy at full strength until the next one replaces it.
   * 1.1.0: the reaction fades linearly to nothing over the prophecy's horizon.
   */
  readonly reactionFadesOverHorizon: boolean;
}

export const V1_0_0: VersionFeatures = Object.freeze({
  version: '1.0.0',
  prophecySchema: 'prophecy/1',
  reactionFadesOverHorizon: false,
});

export const V1_1_0: VersionFeatures = Object.freeze({
  version: '1.1.0',
  prophecySchema: 'prophecy/2',
  reactionFadesOverHorizon: true,
});
