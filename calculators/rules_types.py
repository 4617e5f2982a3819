"""The rules data's types, for the type checker: written by hooks/codex/table_types.py from the
JSON Schemas in rules_data/schema/ (do not edit; `python -m codex.table_types` writes it again).

Nothing here runs in the browser: every type sits under TYPE_CHECKING.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Literal, NotRequired, TypedDict, overload

    class ExamplesExamplesItemStepsItem(TypedDict):
        do: str
        set: NotRequired[dict[str, int | str | bool | list[dict[str, int | str | bool]]]]
        choose: NotRequired[dict[str, list[dict[str, int | bool]]]]
        press: NotRequired[str]
        expect: NotRequired[dict[str, Any]]
        state: NotRequired[dict[str, int | str | bool | list[dict[str, int | str | bool]]]]

    class ExamplesExamplesItem(TypedDict):
        id: str
        title: str
        source: NotRequired[Literal["book", "site-example"]]
        calculator: str
        story: str
        inputs: dict[str, int | str | bool | list[dict[str, int | str | bool]]]
        expect: dict[str, Any]
        conclusion: str
        book_differs: NotRequired[str]
        steps: NotRequired[list[ExamplesExamplesItemStepsItem]]

    class Examples(TypedDict):
        examples: list[ExamplesExamplesItem]

    class GlossaryTermsItem(TypedDict):
        id: str
        term: str
        tooltip: str
        definition: str
        see: NotRequired[list[str]]
        aliases: NotRequired[list[str]]
        defined_in: NotRequired[str]

    class Glossary(TypedDict):
        terms: list[GlossaryTermsItem]

    class RainCombatRolesItem(TypedDict):
        id: Literal["attacks", "defences", "arts"]
        name: str
        summary: str
        breaks: Literal["attacks", "defences", "arts"]

    class RainCombatSimpleTechnique(TypedDict):
        max_tiles: int

    class RainCombatQigongItem(TypedDict):
        id: Literal["external", "internal"]
        name: str
        summary: str

    class RainCombatComplexTechnique(TypedDict):
        direction_tiles: int
        alchemy_loss: int

    class RainCombat(TypedDict):
        roles: list[RainCombatRolesItem]
        simple_technique: RainCombatSimpleTechnique
        qigong: list[RainCombatQigongItem]
        complex_technique: RainCombatComplexTechnique

    class RainContestDraw(TypedDict):
        base_tiles: int
        created_extra: int
        per_yang: int

    class RainContestCompare(TypedDict):
        usual_place: int
        destroyed_place: int
        places_up_per_yin: int
        top_place: int

    class RainContestExchange(TypedDict):
        tiles_each_way: int

    class RainContest(TypedDict):
        draw: RainContestDraw
        compare: RainContestCompare
        exchange: RainContestExchange

    class RainElementsElementsItem(TypedDict):
        id: Literal["water", "wood", "fire", "earth", "metal"]
        name: str
        hanzi: str
        imagery: str

    RainElementsCreativeCycleLinksItem = TypedDict("RainElementsCreativeCycleLinksItem", {
        "from": Literal["water", "wood", "fire", "earth", "metal"],
        "to": Literal["water", "wood", "fire", "earth", "metal"],
        "how": str,
    })

    class RainElementsCreativeCycle(TypedDict):
        name: str
        links: list[RainElementsCreativeCycleLinksItem]

    RainElementsDestructiveCycleLinksItem = TypedDict("RainElementsDestructiveCycleLinksItem", {
        "from": Literal["water", "wood", "fire", "earth", "metal"],
        "to": Literal["water", "wood", "fire", "earth", "metal"],
        "how": str,
    })

    class RainElementsDestructiveCycle(TypedDict):
        name: str
        links: list[RainElementsDestructiveCycleLinksItem]

    class RainElementsVirtuesItem(TypedDict):
        id: str
        name: str

    class RainElementsAlchemy(TypedDict):
        minimum: int
        maximum: int

    class RainElements(TypedDict):
        elements: list[RainElementsElementsItem]
        associations_note: str
        creative_cycle: RainElementsCreativeCycle
        destructive_cycle: RainElementsDestructiveCycle
        virtues: list[RainElementsVirtuesItem]
        alchemy: RainElementsAlchemy

    class RainQiSplitsItemDivisionsItem(TypedDict):
        yang: int
        yin: int

    class RainQiSplitsItem(TypedDict):
        element: Literal["water", "wood", "fire", "earth", "metal"]
        divisions: list[RainQiSplitsItemDivisionsItem]

    class RainQiTieRule(TypedDict):
        opposite_lean_uses: Literal["water", "wood", "fire", "earth", "metal"]

    class RainQiSpending(TypedDict):
        yang: str
        yin: str

    class RainQi(TypedDict):
        points_per_scene: int
        splits: list[RainQiSplitsItem]
        tie_rule: RainQiTieRule
        spending: RainQiSpending

    class RainSkyMovesItem(TypedDict):
        id: Literal["straight", "knight"]
        name: str
        base_per_point: int
        base_fixed: int

    class RainSkyOutcomesItem(TypedDict):
        id: str
        name: str
        summary: str

    class RainSky(TypedDict):
        board_lines: int
        board_note: str
        darkened_points: int
        planets: int
        taiji_note: str
        moves: list[RainSkyMovesItem]
        interruption_multiplier: int
        overpay_note: str
        outcomes: list[RainSkyOutcomesItem]

    class RainTilesCategoriesItem(TypedDict):
        id: Literal["suit", "honour", "guardian"]
        name: str
        sky_value: int

    class RainTilesSuitsItemTilesItem(TypedDict):
        id: str
        number: int
        glyph: str

    class RainTilesSuitsItem(TypedDict):
        id: str
        name: str
        hanzi: str
        combat_role: Literal["attacks", "defences", "arts"]
        copies: int
        tiles: list[RainTilesSuitsItemTilesItem]

    class RainTilesHonoursItem(TypedDict):
        id: str
        name: str
        also_called: NotRequired[str]
        kind: Literal["direction", "qigong"]
        element: NotRequired[Literal["water", "wood", "fire", "earth", "metal"]]
        qigong: NotRequired[Literal["external", "internal"]]
        hanzi: str
        glyph: str
        copies: int

    class RainTilesGuardiansItem(TypedDict):
        id: str
        name: str
        kind: Literal["flower", "season"]
        glyph: str
        copies: int

    class RainTilesRankOrdersItem(TypedDict):
        id: str
        ranks: list[list[str]]

    class RainTiles(TypedDict):
        set_size: int
        categories: list[RainTilesCategoriesItem]
        suits: list[RainTilesSuitsItem]
        honours: list[RainTilesHonoursItem]
        guardians: list[RainTilesGuardiansItem]
        rank_orders_note: str
        rank_orders: list[RainTilesRankOrdersItem]

    class RainTrigramsTaijiMove(TypedDict):
        yang_line: Literal["yang", "yin"]
        yin_line: Literal["yang", "yin"]
        added_at: Literal["bottom", "top"]
        removed_from: Literal["bottom", "top"]

    class RainTrigramsTrigramsItem(TypedDict):
        id: Literal["heaven", "lake", "fire", "thunder", "wind", "water", "mountain", "earth"]
        name: str
        pinyin: str
        hanzi: str
        glyph: str
        lines: list[Literal["yang", "yin"]]
        weather: str

    class RainTrigrams(TypedDict):
        taiji_move: RainTrigramsTaijiMove
        weather_note: str
        ring_clockwise: list[Literal["heaven", "lake", "fire", "thunder", "wind", "water", "mountain", "earth"]]
        trigrams: list[RainTrigramsTrigramsItem]

    class SourceNotesNotesItemOptionsItemSet(TypedDict):
        explosion_depth: NotRequired[int]
        combatants: NotRequired[int]

    class SourceNotesNotesItemOptionsItem(TypedDict):
        id: str
        label: str
        set: NotRequired[SourceNotesNotesItemOptionsItemSet]

    class SourceNotesNotesItem(TypedDict):
        id: str
        title: str
        book_says: str
        example_says: NotRequired[str]
        reading: str
        options: list[SourceNotesNotesItemOptionsItem]

    class SourceNotes(TypedDict):
        notes: list[SourceNotesNotesItem]

    class WbsAttributesPrimaryGroupsItemAttributesItem(TypedDict):
        id: str
        name: str
        abbreviation: str
        feeds: list[str]
        checks: str

    class WbsAttributesPrimaryGroupsItem(TypedDict):
        id: str
        name: str
        summary: str
        attributes: list[WbsAttributesPrimaryGroupsItemAttributesItem]

    class WbsAttributesPrimary(TypedDict):
        start: int
        xp_cost_over_new_value: int
        typical_range: list[int]
        groups: list[WbsAttributesPrimaryGroupsItem]

    WbsAttributesDerivedAttributesItem = TypedDict("WbsAttributesDerivedAttributesItem", {
        "id": str,
        "name": str,
        "from": list[str],
        "divide_by": int,
        "keep_halves": NotRequired[bool],
        "limit_divide_by": int,
        "summary": str,
    })

    class WbsAttributesDerived(TypedDict):
        start: int
        xp_cost_over_new_value: int
        limit_note: str
        attributes: list[WbsAttributesDerivedAttributesItem]

    class WbsAttributes(TypedDict):
        primary: WbsAttributesPrimary
        derived: WbsAttributesDerived

    class WbsChecksCheck(TypedDict):
        base_dice: int
        die_faces: int

    class WbsChecksWildActionTradesItem(TypedDict):
        dice: int
        modifier_cost: int

    class WbsChecksWildAction(TypedDict):
        trades: list[WbsChecksWildActionTradesItem]
        steps_note: str

    class WbsChecksKiai(TypedDict):
        dice: int
        energy_per_die: int

    class WbsChecksEnhancementValue(TypedDict):
        energy_per_point: int
        lasts_seconds: int

    class WbsChecksFumble(TypedDict):
        face: int
        counts_as: int

    class WbsChecksSkillClockExamplePartsItem(TypedDict):
        name: str
        segments: int

    class WbsChecksSkillClockExampleBandsItem(TypedDict):
        min_total: int
        segments: int

    class WbsChecksSkillClockExample(TypedDict):
        id: str
        name: str
        hours_per_check: int
        tier: str
        difficulty: str
        parts: list[WbsChecksSkillClockExamplePartsItem]
        bands: list[WbsChecksSkillClockExampleBandsItem]
        otherwise_segments: int

    class WbsChecksSkillClock(TypedDict):
        below_zero_note: str
        example: WbsChecksSkillClockExample

    class WbsChecks(TypedDict):
        check: WbsChecksCheck
        wild_action: WbsChecksWildAction
        kiai: WbsChecksKiai
        enhancement_value: WbsChecksEnhancementValue
        fumble: WbsChecksFumble
        skill_clock: WbsChecksSkillClock

    class WbsCombatRound(TypedDict):
        seconds: int
        hex_metres: int

    class WbsCombatPhases(TypedDict):
        reflex_order: list[int]
        subphase_letters: list[str]
        higher_tier_note: str

    class WbsCombatFacing(TypedDict):
        arc_degrees: int
        hexes: int

    class WbsCombatRoundStartItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsCombatRelax(TypedDict):
        physical_attributes: int

    class WbsCombatKiai(TypedDict):
        reflex: int
        per_action: int

    class WbsCombatActionsItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsCombatResolutionOrderItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsCombatSharedTick(TypedDict):
        quick_actions: int
        actions_per_kind: int
        quick_note: str

    class WbsCombatEndOfRound(TypedDict):
        ticks: int

    class WbsCombatUpkeep(TypedDict):
        base: int
        relaxed: int
        one_major_action: int
        minimum: int
        minimum_note: str

    class WbsCombatMovementActionsItem(TypedDict):
        id: str
        name: str
        reflex: int
        quick: bool
        speed_share: int
        per_tick: bool
        summary: str

    class WbsCombatMovement(TypedDict):
        ev_speed_share: int
        first_tick_share: int
        actions: list[WbsCombatMovementActionsItem]

    class WbsCombatAttack(TypedDict):
        attribute: str
        tie_divide_by: int
        tie_note: str
        reflex_advantage: str

    class WbsCombatDamageAverageDie(TypedDict):
        add_to_top: int
        divide_by: int

    class WbsCombatDamage(TypedDict):
        dice: int
        ranks_per_extra_die: int
        ranks_note: str
        fumble_note: str
        average_note: str
        average_die: NotRequired[WbsCombatDamageAverageDie]

    class WbsCombatDefenseBasic(TypedDict):
        base: int
        attributes: list[str]
        divide_by: int
        rounding_note: str

    class WbsCombatDefenseOptionsItem(TypedDict):
        id: str
        name: str
        adds_to: Literal["defense", "damage_reduction"]
        attribute: NotRequired[str]
        attribute_divide_by: NotRequired[int]
        summary: str

    class WbsCombatDefense(TypedDict):
        basic: WbsCombatDefenseBasic
        active_reflex: int
        options: list[WbsCombatDefenseOptionsItem]

    class WbsCombatDamageReduction(TypedDict):
        attribute: str

    class WbsCombatCriticalEffectsEffectsItem(TypedDict):
        id: str
        name: str
        after_dr: bool
        damage_per_speed: NotRequired[int]
        check: NotRequired[list[str]]
        summary: str

    class WbsCombatCriticalEffects(TypedDict):
        explosion_depth: int
        explosion_note: str
        soak_note: str
        effects: list[WbsCombatCriticalEffectsEffectsItem]

    class WbsCombatLinking(TypedDict):
        reflex_reduction: int
        link_points_per_rank: int
        prepare_reflex: int

    class WbsCombatHealthThresholdsItem(TypedDict):
        id: str
        name: str
        multiple: int
        summary: str

    class WbsCombatHealthSavingGraceLimbs(TypedDict):
        per_threshold: int
        most: int
        limbs_note: str

    class WbsCombatHealth(TypedDict):
        thresholds: list[WbsCombatHealthThresholdsItem]
        saving_grace: str
        out_extra_damage: NotRequired[int]
        out_note: NotRequired[str]
        no_damage_thresholds: NotRequired[int]
        no_damage_note: NotRequired[str]
        stay_conscious_note: NotRequired[str]
        saving_grace_limbs: NotRequired[WbsCombatHealthSavingGraceLimbs]

    class WbsCombatGroupCombatItem(TypedDict):
        id: str
        name: str
        summary: str
        pool_note: NotRequired[str]

    class WbsCombat(TypedDict):
        round: WbsCombatRound
        phases: WbsCombatPhases
        facing: WbsCombatFacing
        round_start: list[WbsCombatRoundStartItem]
        relax: WbsCombatRelax
        kiai: WbsCombatKiai
        actions: list[WbsCombatActionsItem]
        resolution_order: list[WbsCombatResolutionOrderItem]
        shared_tick: NotRequired[WbsCombatSharedTick]
        end_of_round: WbsCombatEndOfRound
        upkeep: WbsCombatUpkeep
        movement: WbsCombatMovement
        attack: WbsCombatAttack
        damage: WbsCombatDamage
        defense: WbsCombatDefense
        damage_reduction: WbsCombatDamageReduction
        critical_effects: WbsCombatCriticalEffects
        linking: WbsCombatLinking
        health: WbsCombatHealth
        group_combat: list[WbsCombatGroupCombatItem]

    class WbsEnergyPoolsItem(TypedDict):
        id: str
        name: str
        attribute_group: str
        skills: str

    class WbsEnergyCoreGenki(TypedDict):
        divide_by: int
        rounding_note: str
        peak_per_rank: int
        damper_per_rank: int
        end_of_round_shift: NotRequired[int]

    class WbsEnergyEnhancementValue(TypedDict):
        always_allowed: int
        core_genki_per_ev: int

    class WbsEnergySkillsValueItem(TypedDict):
        id: str
        name: str
        per_rank: int
        upkeep_per_die: NotRequired[int]
        reflex_note: NotRequired[str]
        concentration_note: NotRequired[str]
        summary: str

    class WbsEnergy(TypedDict):
        pools: list[WbsEnergyPoolsItem]
        core_genki: WbsEnergyCoreGenki
        enhancement_value: WbsEnergyEnhancementValue
        skills: dict[str, list[WbsEnergySkillsValueItem]]

    class WbsItemsMiscellaneous(TypedDict):
        summary: str

    class WbsItemsEncumbrance(TypedDict):
        capacity_attribute: Literal["strength"]
        strength_penalty_per: int
        over_capacity_per: int
        over_capacity_attributes: list[Literal["dexterity", "constitution", "strength", "smarts", "charisma", "wits"]]
        attributes_note: str

    class WbsItemsArmourStatsItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsItemsArmour(TypedDict):
        dr_per_encumbrance: int
        soak_per_encumbrance: int
        worn_divide_by: int
        rounding_note: str
        stats: list[WbsItemsArmourStatsItem]

    class WbsItemsWeaponBreakageStagesItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsItemsWeaponBreakage(TypedDict):
        summary: str
        stages: list[WbsItemsWeaponBreakageStagesItem]

    class WbsItems(TypedDict):
        miscellaneous: WbsItemsMiscellaneous
        encumbrance: WbsItemsEncumbrance
        armour: WbsItemsArmour
        weapon_breakage: WbsItemsWeaponBreakage

    class WbsMonstersEnergy(TypedDict):
        attribute_groups: list[str]
        stamina_pays_per_tier: int

    class WbsMonstersSparksItem(TypedDict):
        id: str
        name: str
        kind: str
        multiplier: int
        recovers_like: Literal["genki", "reiki"]
        upkeep_stamina_per_tier: int
        summary: str

    class WbsMonstersSpiritSkillsItem(TypedDict):
        id: str
        name: str
        same_as: NotRequired[str]
        per_rank: NotRequired[int]
        summary: str

    class WbsMonstersTransformationsKindsItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsMonstersTransformations(TypedDict):
        summary: str
        build: str
        kinds: list[WbsMonstersTransformationsKindsItem]

    class WbsMonsters(TypedDict):
        summary: str
        energy: WbsMonstersEnergy
        sparks: list[WbsMonstersSparksItem]
        spirit_skills: list[WbsMonstersSpiritSkillsItem]
        kiai_dice: int
        transformations: WbsMonstersTransformations

    class WbsNpcsAttributes(TypedDict):
        physical: list[int]
        mental: list[int]

    class WbsNpcsDerived(TypedDict):
        count: int
        value: int

    class WbsNpcsSkillBandsItem(TypedDict):
        id: str
        name: str
        cores: int
        ranks: list[int]

    class WbsNpcs(TypedDict):
        budget: int
        attributes: WbsNpcsAttributes
        derived: WbsNpcsDerived
        skill_bands: list[WbsNpcsSkillBandsItem]

    class WbsProgressionChapterAward(TypedDict):
        xp: int
        focus_picks: int
        focus_bonus_min: int
        focus_bonus_max: int

    class WbsProgressionMentor(TypedDict):
        price_divide_by: int
        rounding_note: str

    class WbsProgressionAboveTierRefund(TypedDict):
        xp_per_award: int

    class WbsProgressionAlternativesItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsProgression(TypedDict):
        starting_xp: int
        chapter_award: WbsProgressionChapterAward
        mentor: WbsProgressionMentor
        above_tier_refund: WbsProgressionAboveTierRefund
        alternatives: list[WbsProgressionAlternativesItem]

    class WbsReikiUsing(TypedDict):
        channel_reflex: int
        channel_base: int
        shaping_reflex: int
        channel_shapes_divide_by: int
        minimum_cost: int
        cost_note: str

    class WbsReikiLosing(TypedDict):
        per_concentration_rank: int
        keep_stamina: int
        summary: str

    class WbsReikiShinki(TypedDict):
        reiki_per_shinki: int
        health_per_shinki: int

    class WbsReikiKindsItem(TypedDict):
        id: str
        name: str
        summary: str

    class WbsReikiTechniquesItem(TypedDict):
        id: str
        name: str
        kind: str
        xp: int
        requires: NotRequired[str]
        cost_cap: NotRequired[int]
        hexes: NotRequired[int]
        burn_per_rank: NotRequired[int]
        soak_per_rank: NotRequired[int]
        reiki_cost: NotRequired[str]
        shape_cost: NotRequired[str]
        charge_cost: NotRequired[str]
        reflex_cost: str
        effect: str
        flavour: NotRequired[str]

    class WbsReiki(TypedDict):
        using: WbsReikiUsing
        losing: WbsReikiLosing
        shinki: WbsReikiShinki
        technique_efficiency: str
        kinds: list[WbsReikiKindsItem]
        techniques: list[WbsReikiTechniquesItem]

    class WbsSkillsSubSkills(TypedDict):
        start: int
        xp_cost_over_new_value: int
        xp_note: str

    class WbsSkillsCoreSkills(TypedDict):
        sub_ranks_per_core_rank: int

    class WbsSkillsCheck(TypedDict):
        sub_skills: int

    class WbsSkillsCategoriesItemGroupsItemCoreSkillsItemSubSkillsItem(TypedDict):
        id: str
        name: str

    class WbsSkillsCategoriesItemGroupsItemCoreSkillsItem(TypedDict):
        id: str
        name: str
        sub_skills: list[WbsSkillsCategoriesItemGroupsItemCoreSkillsItemSubSkillsItem]

    class WbsSkillsCategoriesItemGroupsItem(TypedDict):
        id: str
        name: str
        summary: str
        core_skills: list[WbsSkillsCategoriesItemGroupsItemCoreSkillsItem]

    class WbsSkillsCategoriesItem(TypedDict):
        id: str
        name: str
        summary: str
        groups: list[WbsSkillsCategoriesItemGroupsItem]

    class WbsSkills(TypedDict):
        sub_skills: WbsSkillsSubSkills
        core_skills: WbsSkillsCoreSkills
        check: WbsSkillsCheck
        categories: list[WbsSkillsCategoriesItem]

    class WbsSparksSparksItem(TypedDict):
        id: str
        name: str
        genki_multiplier: int
        reiki_multiplier: int
        reiki_multiplier_note: NotRequired[str]
        summary: str

    class WbsSparks(TypedDict):
        sparks: list[WbsSparksSparksItem]

    class WbsSpecialAttacksDamageDiceItem(TypedDict):
        die: str
        reiki: int
        shape: int

    class WbsSpecialAttacksCriticalDiceItem(TypedDict):
        die: str
        reiki: int
        shape: int

    class WbsSpecialAttacksModifiersInnerPower(TypedDict):
        name: str
        xp: int
        most_times: int
        genki_percent_per_time: int
        trait_points_per_step: int
        area_per_step: int
        damage_per_step: int
        undo_trait_points_per_metre: int
        undo_shape: int
        summary: str

    class WbsSpecialAttacksModifiersChannelForce(TypedDict):
        name: str
        reiki: int
        shape_every: int
        summary: str

    class WbsSpecialAttacksModifiersArea(TypedDict):
        name: str
        reiki: int
        surround_reiki_after_first: int
        surround_note: str
        summary: str

    class WbsSpecialAttacksModifiersLifeDrain(TypedDict):
        name: str
        reiki_saved: int
        shinki: int
        amount_note: str
        xp_note: NotRequired[str]
        summary: str

    class WbsSpecialAttacksModifiersEfficiency(TypedDict):
        name: str
        xp_note: str
        summary: str

    class WbsSpecialAttacksModifiers(TypedDict):
        inner_power: WbsSpecialAttacksModifiersInnerPower
        channel_force: WbsSpecialAttacksModifiersChannelForce
        area: WbsSpecialAttacksModifiersArea
        life_drain: WbsSpecialAttacksModifiersLifeDrain
        efficiency: WbsSpecialAttacksModifiersEfficiency

    class WbsSpecialAttacksIterative(TypedDict):
        copied_share_divide_by: int

    class WbsSpecialAttacks(TypedDict):
        activation_reflex: int
        xp_rule: str
        damage_dice: list[WbsSpecialAttacksDamageDiceItem]
        critical_dice: list[WbsSpecialAttacksCriticalDiceItem]
        speed_reiki: int
        modifiers: WbsSpecialAttacksModifiers
        iterative: WbsSpecialAttacksIterative

    class WbsStaminaSpendingItem(TypedDict):
        id: str
        name: str
        stamina: int
        reflex_reduction: NotRequired[int]
        reflex_cost: NotRequired[int]
        dice: NotRequired[int]
        genki_percent: NotRequired[int]
        genki_minimum: NotRequired[int]
        timing_note: NotRequired[str]
        rounding_note: NotRequired[str]
        paid: str
        summary: str

    class WbsStaminaLosingItem(TypedDict):
        id: str
        name: str
        stamina: NotRequired[int]
        every_rounds: NotRequired[int]
        amount_note: NotRequired[str]
        order_note: NotRequired[str]
        summary: str

    class WbsStaminaRecovering(TypedDict):
        stamina: int
        rest_minutes: int

    class WbsStamina(TypedDict):
        unconscious_at: int
        last_point_note: NotRequired[str]
        unconscious_summary: NotRequired[str]
        spending: list[WbsStaminaSpendingItem]
        losing: list[WbsStaminaLosingItem]
        recovering: WbsStaminaRecovering

    class WbsTargetNumbersDifficultiesItem(TypedDict):
        id: str
        name: str
        tn: dict[str, int]

    class WbsTargetNumbers(TypedDict):
        tiers: list[str]
        difficulties: list[WbsTargetNumbersDifficultiesItem]

    class WbsTiersTiersItem(TypedDict):
        id: str
        name: str
        also_called: NotRequired[str]
        number: str
        attribute_limit: int | None
        rank_limit: int | None
        phases: int
        phases_note: NotRequired[str]
        summary: str

    class WbsTiersAboveTier(TypedDict):
        xp_surcharge: int
        attributes: int
        core_skills: int

    class WbsTiers(TypedDict):
        tiers: list[WbsTiersTiersItem]
        above_tier: WbsTiersAboveTier

    class WbsWeaponsDiceItem(TypedDict):
        id: str
        faces: int
        modifier: int
        fumble_faces: NotRequired[int]
        critical_faces: NotRequired[int]

    class WbsWeaponsStrikesItem(TypedDict):
        id: str
        name: str
        die: str
        reflex: int
        quick: NotRequired[bool]
        summary: str

    class WbsWeaponsWeaponGroupsItemTypesItem(TypedDict):
        id: str
        name: str
        size: int
        reflex: int
        range: NotRequired[str]
        speed_multiplier: NotRequired[int]
        reload_reflex: NotRequired[int]
        critical_range: NotRequired[int]
        block_die: NotRequired[str]
        effect: NotRequired[str]

    class WbsWeaponsWeaponGroupsItem(TypedDict):
        id: str
        name: str
        kind: Literal["unarmed", "weapon"]
        types: list[WbsWeaponsWeaponGroupsItemTypesItem]

    class WbsWeaponsProjectile(TypedDict):
        base_speed: int

    class WbsWeaponsDamageTypesItem(TypedDict):
        id: str
        name: str
        critical: Literal["penetrate", "stagger", "knockback"]
        damage_size: int
        effect_size: int

    class WbsWeaponsEncumbrance(TypedDict):
        weapon: int
        per_extra_critical_die: int
        carried_reduction: int
        ammunition_stack: int
        quivered_ammunition: NotRequired[int]
        quiver_note: NotRequired[str]

    class WbsWeapons(TypedDict):
        dice: list[WbsWeaponsDiceItem]
        strike_reflex: int
        strikes: list[WbsWeaponsStrikesItem]
        weapon_groups: list[WbsWeaponsWeaponGroupsItem]
        projectile: WbsWeaponsProjectile
        damage_types: list[WbsWeaponsDamageTypesItem]
        encumbrance: WbsWeaponsEncumbrance

    class XiaAttacksNumbersItem(TypedDict):
        id: str
        name: str
        meaning: str
        defence: str
        defence_name: str
        range_note: NotRequired[str]

    class XiaAttacks(TypedDict):
        dice_sides: int
        floor: int
        numbers: list[XiaAttacksNumbersItem]
        resilience_note: str

    class XiaCharactersCharactersItem(TypedDict):
        id: str
        name: str
        who: str
        traits: dict[str, int]
        trigrams: dict[str, int]
        side: Literal["pc", "npc"]

    class XiaCharacters(TypedDict):
        characters: list[XiaCharactersCharactersItem]

    class XiaChiKindsItem(TypedDict):
        id: str
        name: str
        pays_for: str
        style_from: str

    class XiaChiEffectRulesItem(TypedDict):
        id: str
        rule: str

    class XiaChiTimingItem(TypedDict):
        id: str
        step: str
        rule: str

    class XiaChiStyleBonusesItem(TypedDict):
        id: str
        bonus: int
        when: str

    class XiaChiStyleActionsItem(TypedDict):
        id: str
        name: str
        chi: str
        by: Literal["actor", "target"]
        with_attack: bool

    class XiaChi(TypedDict):
        kinds: list[XiaChiKindsItem]
        effect_rules: list[XiaChiEffectRulesItem]
        timing: list[XiaChiTimingItem]
        style_bonuses: list[XiaChiStyleBonusesItem]
        style_actions: list[XiaChiStyleActionsItem]
        style_timing_note: str
        style_too_generous_after: list[int]

    class XiaConflictsConflictsItem(TypedDict):
        id: str
        name: str
        trait: str
        summary: str
        resilience: str
        defeat: str
        defeat_summary: str
        npc_defeat: str
        defeat_ends: Literal["every-conflict", "this-conflict"]
        npc_defeat_note: NotRequired[str]
        joined_by_default: bool

    class XiaConflictsInitiativeTiesItem(TypedDict):
        id: str
        rule: str
        between: Literal["sides", "player-characters", "non-player-characters"]
        note: NotRequired[str]

    class XiaConflictsInitiative(TypedDict):
        trigram: str
        precedence: list[str]
        precedence_note: str
        side_order: list[Literal["pc", "npc"]]
        kinds_tie: str
        ties: list[XiaConflictsInitiativeTiesItem]
        equal_ratings_note: str

    class XiaConflictsMovement(TypedDict):
        seconds: int
        speed_trait: str
        speed_trigram: str

    class XiaConflicts(TypedDict):
        conflicts: list[XiaConflictsConflictsItem]
        initiative: XiaConflictsInitiative
        movement: XiaConflictsMovement
        least_participants: int
        participants_note: str

    class XiaExperienceAwardsItem(TypedDict):
        id: str
        name: str
        xp: int
        always: bool
        who: str

    class XiaExperienceCosts(TypedDict):
        secret: int
        trigram_per_current_level: int
        trigram_minimum: int
        trigram_minimum_note: str
        traits_can_rise: bool

    class XiaExperienceRationalesItem(TypedDict):
        id: str
        name: str
        summary: str

    class XiaExperience(TypedDict):
        awards: list[XiaExperienceAwardsItem]
        costs: XiaExperienceCosts
        rationales: list[XiaExperienceRationalesItem]

    class XiaTasksScaleItem(TypedDict):
        id: str
        who: str
        score_from: int
        score_to: int

    class XiaTasks(TypedDict):
        scale: list[XiaTasksScaleItem]

    class XiaTrackerAppliesItem(TypedDict):
        id: str
        rule: str

    class XiaTrackerLeavesItem(TypedDict):
        id: str
        what: str
        why: str

    class XiaTrackerConditionTerms(TypedDict):
        npc_defeat: str
        stop: str
        extra_attack: str
        breath: str

    class XiaTracker(TypedDict):
        applies: list[XiaTrackerAppliesItem]
        leaves: list[XiaTrackerLeavesItem]
        condition_terms: XiaTrackerConditionTerms

    class XiaTrigramsTrigramsItem(TypedDict):
        id: str
        name: str
        channel: str
        use: Literal["attack", "defence"]
        chi: Literal["yang", "yin"]
        adds_to: NotRequired[Literal["motion", "accuracy", "power", "evasion", "interference", "absorption"]]
        effect: str
        keywords: list[str]
        also: NotRequired[str]
        limit_note: NotRequired[str]
        target_note: NotRequired[str]
        at_once_note: NotRequired[str]

    class XiaTrigrams(TypedDict):
        channel_cost: int
        channel_minimum: int
        per_attack_or_defence: int
        trigrams: list[XiaTrigramsTrigramsItem]


    @overload
    def table(path: Literal["rain/examples", "wbs/examples", "xia/examples"]) -> Examples: ...
    @overload
    def table(path: Literal["rain/glossary", "wbs/glossary", "xia/glossary"]) -> Glossary: ...
    @overload
    def table(path: Literal["rain/combat"]) -> RainCombat: ...
    @overload
    def table(path: Literal["rain/contest"]) -> RainContest: ...
    @overload
    def table(path: Literal["rain/elements"]) -> RainElements: ...
    @overload
    def table(path: Literal["rain/qi"]) -> RainQi: ...
    @overload
    def table(path: Literal["rain/sky"]) -> RainSky: ...
    @overload
    def table(path: Literal["rain/tiles"]) -> RainTiles: ...
    @overload
    def table(path: Literal["rain/trigrams"]) -> RainTrigrams: ...
    @overload
    def table(path: Literal["rain/source_notes", "wbs/source_notes", "xia/source_notes"]) -> SourceNotes: ...
    @overload
    def table(path: Literal["wbs/attributes"]) -> WbsAttributes: ...
    @overload
    def table(path: Literal["wbs/checks"]) -> WbsChecks: ...
    @overload
    def table(path: Literal["wbs/combat"]) -> WbsCombat: ...
    @overload
    def table(path: Literal["wbs/energy"]) -> WbsEnergy: ...
    @overload
    def table(path: Literal["wbs/items"]) -> WbsItems: ...
    @overload
    def table(path: Literal["wbs/monsters"]) -> WbsMonsters: ...
    @overload
    def table(path: Literal["wbs/npcs"]) -> WbsNpcs: ...
    @overload
    def table(path: Literal["wbs/progression"]) -> WbsProgression: ...
    @overload
    def table(path: Literal["wbs/reiki"]) -> WbsReiki: ...
    @overload
    def table(path: Literal["wbs/skills"]) -> WbsSkills: ...
    @overload
    def table(path: Literal["wbs/sparks"]) -> WbsSparks: ...
    @overload
    def table(path: Literal["wbs/special_attacks"]) -> WbsSpecialAttacks: ...
    @overload
    def table(path: Literal["wbs/stamina"]) -> WbsStamina: ...
    @overload
    def table(path: Literal["wbs/target_numbers"]) -> WbsTargetNumbers: ...
    @overload
    def table(path: Literal["wbs/tiers"]) -> WbsTiers: ...
    @overload
    def table(path: Literal["wbs/weapons"]) -> WbsWeapons: ...
    @overload
    def table(path: Literal["xia/attacks"]) -> XiaAttacks: ...
    @overload
    def table(path: Literal["xia/characters"]) -> XiaCharacters: ...
    @overload
    def table(path: Literal["xia/chi"]) -> XiaChi: ...
    @overload
    def table(path: Literal["xia/conflicts"]) -> XiaConflicts: ...
    @overload
    def table(path: Literal["xia/experience"]) -> XiaExperience: ...
    @overload
    def table(path: Literal["xia/tasks"]) -> XiaTasks: ...
    @overload
    def table(path: Literal["xia/tracker"]) -> XiaTracker: ...
    @overload
    def table(path: Literal["xia/trigrams"]) -> XiaTrigrams: ...
    @overload
    def table(path: str) -> Any: ...
    def table(path: str) -> Any:
        """The content of rules_data/<path>.yaml, typed by its schema."""
