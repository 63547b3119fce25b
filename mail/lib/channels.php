<?php
// The ways a lead goes out, in one list, and the configuration with the settings of each. Each
// channel is one file in channels/ that returns its contract (channels/mail.php says it in full),
// its own settings and their defaults among them; a file is loaded when its channel is used, so a
// post loads only the channels a lead goes to. The first channel's delivery is the message's own
// state. Adding a channel is a file in channels/ and a line below: the store, cron, the endpoint,
// admin.php and the health check go through this list. It may call config.php and the files in
// channels/.
declare(strict_types=1);

require_once __DIR__ . '/config.php';

/** Each channel, by the name of its file in channels/, with the setting that turns it on (null: every lead goes to it). */
const CONTACT_CHANNELS = [
    'mail' => null,
    'webhook' => 'MAIL_WEBHOOK_URL',
];

/**
 * One channel's contract, its file loaded the first time it is asked for.
 * @return array{label: string, settings: array<string, string>, seconds: callable(array): float, problems: callable(array): list<string>, send: callable(array, array, float): void, files: callable(array, string): array<string, string>, hidden: callable(array): array<string, string>, check: callable(array, callable, bool): void}
 */
function contact_channel(string $name): array
{
    static $loaded = [];
    if (!array_key_exists($name, CONTACT_CHANNELS)) {
        throw new LogicException("no channel $name");
    }
    return $loaded[$name] ??= require __DIR__ . "/channels/$name.php";
}

/** Every channel's contract, by name: for what looks at deliveries of any channel (cron, the commands, the health check). */
function contact_channels(): array
{
    return array_combine(array_keys(CONTACT_CHANNELS), array_map('contact_channel', array_keys(CONTACT_CHANNELS)));
}

/** The channel whose delivery is the message's own state. */
function contact_primary_channel(): string
{
    return array_key_first(CONTACT_CHANNELS);
}

/** @return list<string> the channels a lead accepted (or released) now gets a delivery for, from the configuration alone */
function contact_enabled_channels(array $config): array
{
    return array_keys(array_filter(CONTACT_CHANNELS, static fn (?string $switch): bool => $switch === null || ($config[$switch] ?? '') !== ''));
}

/** Why a channel that waits on a setting gets no deliveries now, as cron and status say it. */
function contact_channel_unset(string $channel): string
{
    return CONTACT_CHANNELS[$channel] . ' is not set.';
}

/** How a delivery is named in what the commands print: the primary one by its message alone, the others by their label. */
function contact_channel_suffix(string $channel): string
{
    return $channel === contact_primary_channel() ? '' : ' ' . contact_channel($channel)['label'];
}

/**
 * The configuration as every door uses it: the store's and the endpoint's settings, and those of
 * each channel a lead goes to now, each channel's from its own defaults; with $every, every
 * channel's (admin.php check shows them all). config.php reads them, once.
 * @return array{values: array<string, string>, sources: array<string, string>, defaults: array<string, string>, file: ?string}
 */
function contact_config_read(bool $every = false): array
{
    $switches = array_fill_keys(array_filter(CONTACT_CHANNELS), '');
    $on = $every ? array_keys(CONTACT_CHANNELS) : contact_enabled_channels(contact_settings_read(CONTACT_DEFAULTS + $switches)['values']);
    $defaults = CONTACT_DEFAULTS;
    foreach ($on as $name) {
        $defaults += contact_channel($name)['settings'];
    }
    return contact_settings_read($defaults + $switches);
}

/** @return array<string, string> the settings of contact_config_read(), for the doors */
function contact_config(): array
{
    return contact_config_read()['values'];
}
