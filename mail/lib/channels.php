<?php
// The ways a lead goes out, in one list. Each channel is one file in channels/ that returns its
// contract (channels/mail.php says it in full). The first channel's delivery is the message's own
// state. Adding a channel is a file in channels/ and a line below: the store, cron, the endpoint,
// admin.php and the health check go through this list. It may call the files in channels/.
declare(strict_types=1);

/**
 * @return array<string, array{label: string, seconds: callable(array): float, enabled: callable(array): bool, problems: callable(array): list<string>, send: callable(array, array, float): void, files: callable(array, string): array<string, string>, settings: callable(array): array<string, string>, check: callable(array, callable, bool): void}>
 */
function contact_channels(): array
{
    static $channels = null;
    return $channels ??= [
        'mail' => require __DIR__ . '/channels/mail.php',
        'webhook' => require __DIR__ . '/channels/webhook.php',
    ];
}

/** The channel whose delivery is the message's own state. */
function contact_primary_channel(): string
{
    return array_key_first(contact_channels());
}

/** @return list<string> the channels a lead accepted (or released) now gets a delivery for */
function contact_enabled_channels(array $config): array
{
    return array_keys(array_filter(contact_channels(), static fn (array $channel): bool => ($channel['enabled'])($config)));
}

/** How a delivery is named in what the commands print: the primary one by its message alone, the others by their label. */
function contact_channel_suffix(string $channel): string
{
    return $channel === contact_primary_channel() ? '' : ' ' . contact_channels()[$channel]['label'];
}
