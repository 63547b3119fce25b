import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPIED_MS, CopyLinkButton } from '@/components/copy-link-button';
import { absoluteUrl } from '@/lib/site';

jest.mock('next/navigation', () => ({ usePathname: () => '/network' }));

describe('CopyLinkButton', () => {
  const writeText = jest.fn<Promise<void>, [string]>();

  beforeAll(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  beforeEach(() => {
    jest.useFakeTimers();
    writeText.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  async function clickCopy() {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
  }

  it('copies the page address and shows Copied! for exactly 2000 ms', async () => {
    writeText.mockResolvedValue();
    render(<CopyLinkButton />);
    await clickCopy();

    expect(writeText).toHaveBeenCalledWith(absoluteUrl('/network'));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(COPIED_MS).toBe(2000);
  });

  it('restarts the two seconds when copied again', async () => {
    writeText.mockResolvedValue();
    render(<CopyLinkButton />);
    await clickCopy();
    act(() => jest.advanceTimersByTime(1500));
    await clickCopy();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('only logs to the console when the clipboard refuses', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyLinkButton />);
    await clickCopy();

    expect(error).toHaveBeenCalledWith('Could not copy the page link:', expect.any(Error));
    expect(screen.getByRole('status')).toHaveTextContent('');
    error.mockRestore();
  });
});
