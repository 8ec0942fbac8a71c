import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Input } from './input';
import { Textarea } from './textarea';

describe('Input and Textarea', () => {
  afterEach(cleanup);

  it('labels the input and reads the hint with it', () => {
    render(<Input label="Email" hint="We never share it." />);
    const input = screen.getByLabelText('Email');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('We never share it.');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('wires an error to the control and marks it invalid', () => {
    render(<Textarea label="Message" hint="Be kind." error="Message is required" />);
    const textarea = screen.getByLabelText('Message');
    const described = (textarea.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Message is required', 'Be kind.']);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });
});
