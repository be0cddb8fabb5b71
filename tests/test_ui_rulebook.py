"""The Rule book screen and the citation links of the other screens, through real widgets."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QFontMetrics

from trainer.drills.exam import ExamSpec, build_exam, grade
from trainer.rulebook.citations import refs
from trainer.ui import main_window as mw
from trainer.ui.rulebook_screen import RuleBookScreen
from trainer.ui.screens import SCREENS

CTX_SEED = 11


@pytest.fixture
def window(qtbot, trainee_ctx):
    w = mw.MainWindow(trainee_ctx)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    w.finish_startup()
    return w


@pytest.fixture
def book(shown, trainee_ctx):
    return shown(RuleBookScreen(trainee_ctx))


def test_registered_with_a_free_ctrl_shortcut():
    keys = [s.shortcut for s in SCREENS]
    spec = next(s for s in SCREENS if s.key == "rulebook")
    assert spec.shortcut.startswith("Ctrl+") and keys.count(spec.shortcut) == 1
    assert spec.shortcut not in ("Ctrl+T", "Ctrl+Q", "Ctrl+N", "Ctrl+S", "Ctrl+F")


def test_tree_lists_every_document_and_opens_a_section(qtbot, book):
    tops = [book.tree.topLevelItem(i) for i in range(book.tree.topLevelItemCount())]
    assert [t.text(0) for t in tops] == [d.short for d in book.book.values()]
    assert tops[0].isExpanded() and tops[-1].isExpanded()  # the profile's text and the readings
    section = tops[0].child(8)  # 621a.8 (after the preamble)
    book.tree.setCurrentItem(section)
    assert book.section.key == "621a.8"
    assert "The dealer shall set his hands as follows" in book.reader.toPlainText()
    assert book.reader.font().pointSizeF() > book.tree.font().pointSizeF()  # large reading type


def test_search_lists_hits_highlights_them_and_enter_opens_the_first(qtbot, book):
    qtbot.keyClick(book, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert book.search_field.hasFocus()
    qtbot.keyClicks(book.search_field, "zero-zero")
    assert book.left_pages.currentWidget() is book.results and book.results.count() >= 2
    assert "found" in book.count.text()
    qtbot.keyClick(book.search_field, Qt.Key.Key_Return)
    first = book.results.item(0).data(Qt.ItemDataRole.UserRole)
    assert book.results.hasFocus() and book.target == first
    assert "zero-zero" in book.reader.toPlainText().lower()
    assert "background:#ffd54a" in book.reader.toHtml().replace(" ", "") or "#ffd54a" in book.reader.toHtml()
    qtbot.keyClick(book.search_field, Qt.Key.Key_Escape)
    assert book.search_field.text() == "" and book.left_pages.currentWidget() is book.tree


def test_nothing_found_says_so(qtbot, book):
    qtbot.keyClicks(book.search_field, "qqzzx")
    assert book.results.count() == 0 and "Nothing found" in book.count.text()


def test_reading_shows_the_sections_it_reads_as_links_and_back_returns(qtbot, book, trainee_ctx):
    book.open_link("rulebook:readings:W2")
    text = book.reader.toPlainText()
    assert "Reading: ties inside a house-way step" in text and "What it reads" in text
    assert "Maryland Pai Gow Tiles: 8.D" in text and "spec" not in text
    book.reader.anchorClicked.emit(QUrl("rulebook:md:8.D"))  # a link inside the reader opens here
    assert book.section.doc == "md" and book.target == "md:8.D"
    qtbot.keyClick(book, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert book.section.key == "W2"



def test_back_button_and_backspace_go_back_but_not_while_typing_a_search(qtbot, book):
    assert not book.back_button.isEnabled()  # nothing read before the first section
    book.open_link("rulebook:readings:W2")
    book.reader.anchorClicked.emit(QUrl("rulebook:md:8.D"))
    assert book.back_button.isEnabled()
    qtbot.keyClick(book.reader, Qt.Key.Key_Backspace)
    assert book.section.key == "W2"
    book.search_field.setFocus()
    qtbot.keyClicks(book.search_field, "dice")
    qtbot.keyClick(book.search_field, Qt.Key.Key_Backspace)
    assert book.search_field.text() == "dic" and book.section.key == "W2"  # the search kept its Backspace
    book.search_field.clear()
    qtbot.mouseClick(book.back_button, Qt.MouseButton.LeftButton)
    assert book.section.key != "W2"  # the section shown before the reading


def test_back_from_a_citation_returns_to_the_screen_it_was_clicked_on(qtbot, window):
    window.show_screen("progress")
    window.open_rule("rulebook:readings:W2")
    book = window.current_screen()
    assert window.current_key == "rulebook" and book.back_button.isEnabled()
    book.reader.anchorClicked.emit(QUrl("rulebook:md:8.D"))  # a link inside the book, then back twice
    qtbot.keyClick(book.reader, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.current_key == "rulebook" and book.section.key == "W2"
    qtbot.mouseClick(book.back_button, Qt.MouseButton.LeftButton)
    assert window.current_key == "progress"
    window.open_rule("rulebook:md:8.D")  # a citation opened while in the book: Back returns to the one before
    window.open_rule("rulebook:readings:W2")
    qtbot.keyClick(book.reader, Qt.Key.Key_Backspace)
    assert window.current_key == "rulebook" and book.target == "md:8.D"

def _click_first_link(qtbot, label) -> None:
    """Click on the first link of a label showing ``Citation: <a>…</a> · …`` (just past the lead)."""
    metrics = QFontMetrics(label.font())
    margin = label.contentsRect().left() + label.margin()
    x = margin + metrics.horizontalAdvance("Citation: ") + metrics.horizontalAdvance("62")
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, label.contentsRect().top() + metrics.height() // 2))


def test_clicking_a_citation_in_drill_feedback_opens_the_rule_book_there(qtbot, window, trainee_ctx):
    drills = window.show_screen("drills")
    drills.select_skill("hand-compare")
    qtbot.keyClick(drills.welcome, Qt.Key.Key_Return)
    q = drills.controller.session.current
    wrong = next(i for i, c in enumerate(q.choices) if c != q.answer)
    qtbot.keyClick(drills.answers.choices, Qt.Key.Key_1 + wrong)
    label = drills.feedback.citation
    first = refs(q.citations, trainee_ctx.profile)[0]
    assert f'href="{first.href}"' in label.text() and "spec" not in label.text()
    with qtbot.waitSignal(trainee_ctx.ruleRequested, timeout=2000) as signal:
        _click_first_link(qtbot, label)
    assert signal.args == [first.href]
    book = window.current_screen()
    assert window.current_key == "rulebook" and isinstance(book, RuleBookScreen)
    assert book.target == first.anchor or book.section.anchor == first.anchor
    assert book.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == book.section.anchor  # shown in the tree
    assert first.title in book.reader.toPlainText()


def test_exam_results_links_open_the_profiles_own_text(qtbot, window, trainee_ctx):
    trainee_ctx.set_profile("nj")
    exam = window.show_screen("exam")
    result = grade(build_exam(ExamSpec(seed=3, skills=("house-way",), count=2, profile="nj")), [None, None])
    exam.result_page().show_result(result, exam.theme)
    html = exam.result_view.wrong.toHtml()
    links = refs([c for g in result.wrong for c in g.citations], "nj")
    assert links and all(r.href in html for r in links) and "spec W" not in html
    exam.result_view.wrong.anchorClicked.emit(QUrl("rulebook:nj:10.7.d.2"))
    book = window.current_screen()
    assert book.section.doc == "nj" and book.target == "nj:10.7.d.2"


def test_profile_and_theme_changes_rerender(qtbot, book, trainee_ctx):
    book.open_link("rulebook:readings:H3")
    trainee_ctx.set_profile("md")
    assert book.tree.topLevelItem(2).isExpanded()  # Maryland's text opens
    text = book.reader.toPlainText()
    assert text.index("Maryland Pai Gow Tiles:") < text.index("Pennsylvania Pai Gow (2019):")
    trainee_ctx.set_theme("dark")
    assert book.section.key == "H3" and "#3a3520" not in book.reader.toHtml()  # no paragraph cited: none marked
    book.open_link("rulebook:md:3.H.2")
    assert "#3a3520" in book.reader.toHtml()


def test_reading_size_keys(qtbot, book):
    before = book.reader.font().pointSizeF()
    qtbot.keyClick(book, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert book.reader.font().pointSizeF() > before
    qtbot.keyClick(book, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert book.reader.font().pointSizeF() == pytest.approx(before)


@pytest.mark.parametrize("profile", ["pa-631a", "pa-631a-ez"])
def test_under_a_baccarat_profile_631a_opens_first_and_search_puts_it_first(qtbot, shown, trainee_ctx, profile):
    trainee_ctx.set_profile(profile)
    book = shown(RuleBookScreen(trainee_ctx))
    assert (book.section.doc, book.section.key) == ("baccarat", "631a.1")  # its Definitions, after the preamble
    expanded = [book.tree.topLevelItem(i).text(0) for i in range(book.tree.topLevelItemCount())
                if book.tree.topLevelItem(i).isExpanded()]
    assert expanded == ["Pennsylvania Baccarat", "How the trainer reads the rules"]
    qtbot.keyClicks(book.search_field, "vigorish")
    assert book.results.item(0).text().startswith("Pennsylvania Baccarat · 631a.13")
    qtbot.keyClick(book.search_field, Qt.Key.Key_Return)
    assert book.section.key == "631a.13" and "vigorish" in book.reader.toPlainText().lower()
    qtbot.keyClick(book.search_field, Qt.Key.Key_Escape)
    book.open_link("rulebook:readings:B3")
    text = book.reader.toPlainText()
    assert "Reading: the order of the cards and when a third card is drawn" in text
    assert "Pennsylvania Baccarat: 631a.9(c) · 631a.10(c) · 631a.11" in text and "spec" not in text
    assert "<i>" not in book.book["baccarat"].section("631a.11").text  # the published copy's markup is not shown


def test_switching_to_a_baccarat_profile_opens_its_text_in_the_tree(qtbot, book, trainee_ctx):
    trainee_ctx.set_profile("pa-631a")
    tops = {book.tree.topLevelItem(i).text(0): book.tree.topLevelItem(i) for i in range(book.tree.topLevelItemCount())}
    assert tops["Pennsylvania Baccarat"].isExpanded() and not tops["Maryland Pai Gow Tiles"].isExpanded()
    qtbot.keyClicks(book.search_field, "third card")
    assert book.results.item(0).text().startswith("Pennsylvania Baccarat")
