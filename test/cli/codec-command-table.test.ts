import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCodecCommands } from '../../src/cli/codec-commands.js';

const namesOf = (program: Command) => program.commands.map((command) => command.name());

describe('a codec command is defined alone when it is the one invoked', () => {
  it('each codec command, defined alone, is the command of that name and the whole of it', () => {
    const every = new Command('wm');
    expect(registerCodecCommands(every, 'users')).toBe(false);
    expect(namesOf(every).length).toBeGreaterThan(10);
    for (const command of every.commands) {
      const alone = new Command('wm');
      expect(registerCodecCommands(alone, command.name())).toBe(true);
      expect(namesOf(alone)).toEqual([command.name()]);
      expect(alone.commands[0].helpInformation()).toBe(command.helpInformation());
    }
  });
});
