/**
 * Advances `y` in place by `steps` classical Runge–Kutta (RK4) steps of size `dt` of
 * y' = f(y). Scratch vectors are allocated once per call; the arithmetic is in a fixed order,
 * so the result is the same on every machine.
 *
 * @example
 * rk4((y, out) => { out[0] = -y[0]!; }, Float64Array.of(1), 0.01, 100); // y[0] ≈ e^-1
 */
export function rk4(f: (y: Float64Array, out: Float64Array) => void, y: Float64Array, dt: number, steps: number): Float64Array {
  const n = y.length;
  const k1 = new Float64Array(n);
  const k2 = new Float64Array(n);
  const k3 = new Float64Array(n);
  const k4 = new Float64Array(n);
  const tmp = new Float64Array(n);
  for (let step = 0; step < steps; step++) {
    f(y, k1);
    for (let j = 0; j < n; j++) tmp[j] = (y[j] as number) + 0.5 * dt * (k1[j] as number);
    f(tmp, k2);
    for (let j = 0; j < n; j++) tmp[j] = (y[j] as number) + 0.5 * dt * (k2[j] as number);
    f(tmp, k3);
    for (let j = 0; j < n; j++) tmp[j] = (y[j] as number) + dt * (k3[j] as number);
    f(tmp, k4);
    for (let j = 0; j < n; j++) {
      y[j] = (y[j] as number) + (dt / 6) * ((k1[j] as number) + 2 * (k2[j] as number) + 2 * (k3[j] as number) + (k4[j] as number));
    }
  }
  return y;
}
