import { notModified } from './conditional';

describe('notModified', () => {
  it('is true when If-None-Match lists the tag, weak or strong, or is *', () => {
    expect(notModified('"abc"', 'abc')).toBe(true);
    expect(notModified('W/"abc"', 'abc')).toBe(true);
    expect(notModified('"old", "abc"', 'abc')).toBe(true);
    expect(notModified('"old","abc"', 'abc')).toBe(true);
    expect(notModified('*', 'abc')).toBe(true);
  });

  it('is false without the header, for another tag, or for the tag inside a malformed list', () => {
    expect(notModified(undefined, 'abc')).toBe(false);
    expect(notModified('"abcd"', 'abc')).toBe(false);
    expect(notModified('abc', 'abc')).toBe(false);
    expect(notModified('"old" "abc"', 'abc')).toBe(false);
    expect(notModified('x"abc"', 'abc')).toBe(false);
  });
});
