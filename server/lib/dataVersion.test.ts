import { DataVersion } from './dataVersion';

describe('the data version', () => {
  it('tells its listeners about local writes only, not about writes heard from elsewhere', () => {
    const version = new DataVersion();
    let told = 0;
    const unsubscribe = version.onBump(() => told++);
    version.bump();
    expect([version.current, told]).toEqual([1, 1]);
    version.follow();
    expect([version.current, told]).toEqual([2, 1]);
    unsubscribe();
    version.bump();
    expect(told).toBe(1);
  });

  it('moves when it stops and when it starts being trusted, telling nobody', () => {
    const version = new DataVersion();
    let told = 0;
    version.onBump(() => told++);
    expect(version.trusted).toBe(true);
    version.distrust();
    expect([version.trusted, version.current]).toEqual([false, 1]);
    version.trust();
    expect([version.trusted, version.current]).toEqual([true, 2]);
    expect(told).toBe(0);
  });

  it('has an id of its own per instance', () => {
    expect(new DataVersion().instanceId).not.toBe(new DataVersion().instanceId);
  });
});
