/** Strings by small numbers, numbered as first seen, one copy each: what a song's columns hold instead of a string. */
export class Numbering {
  private readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  find(value: string): number | undefined {
    return this.numbers.get(value);
  }

  numberOf(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.push(value) - 1;
      this.numbers.set(value, number);
    }
    return number;
  }

  valueOf(number: number): string {
    return this.values[number]!;
  }
}
